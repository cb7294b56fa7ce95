/**
 * What a signed-in member can read offline: the answers of their own screens (dashboard, group details, members,
 * last locations, checklists, messages, proposals, notifications), cached in this browser's IndexedDB as the React
 * Query cache's entries (key, data, when fetched), with the user they belong to. Loaded only once someone is signed
 * in, when a page opens offline with data cached, or to remove what a signed-out browser cached (index.ts), so a
 * visitor's first load never fetches it.
 * See docs/decisions/0014-offline-and-install.md.
 */
import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import { clear as clearStore, createStore, get, set } from "idb-keyval";
import { api } from "../api/client";
import { GROUPS_PATH } from "../api/paths";
import { serverReachable } from "./reachability";

/** Cached data older than this is not shown: a week-old location is no longer worth reading as the group's. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Raised when the shape of the cached data changes, so that older copies are dropped rather than misread. */
const VERSION = 1;

/** How long after a change the copy on the device is written, so a burst of events costs one write. */
const WRITE_DELAY_MS = 1_000;

export const DB_NAME = "caravan-offline";
const STORE_NAME = "data";
const KEY = "queries";

export interface CachedQuery {
  queryKey: QueryKey;
  data: unknown;
  dataUpdatedAt: number;
}

interface OfflineCopy {
  version: number;
  owner: string;
  savedAt: number;
  queries: CachedQuery[];
}

let opened: ReturnType<typeof createStore> | null = null;
const store = () => (opened ??= createStore(DB_NAME, STORE_NAME));

/** The screens of a signed-in member. Shared-trip answers, invite links and share links are never cached. */
const CACHED_ROOTS = new Set(["auth", "groups", "messages", "checklists", "proposals", "notifications"]);

export function isCachedOffline(query: Pick<Query, "queryKey" | "state">): boolean {
  const [root] = query.queryKey;
  return (
    query.state.status === "success" &&
    typeof root === "string" &&
    CACHED_ROOTS.has(root) &&
    !query.queryKey.includes("invites")
  );
}

/** The localStorage marker naming whose data is cached (index.ts looks at it without loading this file). */
const OWNER_KEY = "caravan.offline-owner";

function markOwner(owner: string | null): void {
  try {
    if (owner) localStorage.setItem(OWNER_KEY, owner);
    else localStorage.removeItem(OWNER_KEY);
  } catch {
    // Storage refused (private mode, quota): nothing is marked, and nothing is restored then.
  }
}

function markedOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

/**
 * Puts the cached data into the cache if it belongs to the user the marker names and is recent enough; resolves to
 * whether it did.
 */
export async function restore(client: QueryClient, now = Date.now()): Promise<boolean> {
  const owner = markedOwner();
  const copy = await get<OfflineCopy>(KEY, store());
  if (!copy || !owner || copy.version !== VERSION || copy.owner !== owner) return false;
  for (const { queryKey, data, dataUpdatedAt } of copy.queries) {
    if (now - dataUpdatedAt > MAX_AGE_MS) continue;
    // Never over what the page has fetched meanwhile; `updatedAt` keeps when the data was fetched, for the banner.
    if ((client.getQueryState(queryKey)?.dataUpdatedAt ?? 0) < dataUpdatedAt) {
      client.setQueryData(queryKey, data, { updatedAt: dataUpdatedAt });
    }
  }
  return true;
}

/** Removes everything cached on this device. */
export function clear(): Promise<void> {
  return clearStore(store());
}

let stopWriting: (() => void) | null = null;
let writer: string | null = null;

/** A group or thing the user can no longer read (403) or that is gone (404) is dropped from what is cached. */
const lostAccess = (query: Pick<Query, "state">) => {
  const status = (query.state.error as { status?: unknown } | null)?.status;
  return status === 403 || status === 404;
};

/** The dashboard's list of groups (api/query-keys.ts `groupKeys.list`), as cached. */
const GROUP_LIST_ID = JSON.stringify(["groups", "list"]);

/**
 * The groups whose page was cached after the dashboard's list was read and which that list lacks: joined since (by a
 * link, or on another device), so the list cached is out of date and would show the dashboard without them offline.
 */
export function missingFromList(entries: Iterable<CachedQuery>, list: CachedQuery | undefined): number[] {
  const listed = new Set((Array.isArray(list?.data) ? (list.data as { id?: unknown }[]) : []).map((g) => g?.id));
  const missing: number[] = [];
  for (const { queryKey, dataUpdatedAt } of entries) {
    const [root, kind, id] = queryKey;
    if (root !== "groups" || kind !== "detail" || queryKey.length !== 3 || typeof id !== "number") continue;
    if (dataUpdatedAt > (list?.dataUpdatedAt ?? 0) && !listed.has(id)) missing.push(id);
  }
  return missing;
}

/**
 * Keeps `owner`'s screens on the device from now on, writing after each change: what was cached before stays (the
 * dashboard read an hour ago is still readable offline after a group page was opened since), refreshed by what the
 * page fetches, and dropped after MAX_AGE_MS. Whatever another account left here is removed first.
 */
export async function keep(client: QueryClient, owner: string): Promise<void> {
  if (writer === owner) return;
  stopKeeping();
  writer = owner;
  markOwner(owner);
  const copy = await get<OfflineCopy>(KEY, store());
  const entries = new Map<string, CachedQuery>();
  if (copy?.owner === owner && copy.version === VERSION) {
    for (const q of copy.queries) entries.set(JSON.stringify(q.queryKey), q);
  } else if (copy) {
    await clear();
  }
  if (writer !== owner) return; // Signed out meanwhile.
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Each missing group asks for the list once per page: a list that still lacks it (left meanwhile) is the answer.
  const askedFor = new Set<number>();
  const refreshList = (missing: number[]) => {
    if (!navigator.onLine || !serverReachable() || missing.every((id) => askedFor.has(id))) return;
    for (const id of missing) askedFor.add(id);
    // Written like any other read once it is in the cache.
    void client
      .fetchQuery({ queryKey: ["groups", "list"], queryFn: ({ signal }) => api.get(GROUPS_PATH, signal), staleTime: 0 })
      .catch(() => undefined);
  };
  const write = () => {
    timer = null;
    const now = Date.now();
    for (const query of client.getQueryCache().getAll()) {
      const id = JSON.stringify(query.queryKey);
      if (isCachedOffline(query)) {
        entries.set(id, { queryKey: query.queryKey, data: query.state.data, dataUpdatedAt: query.state.dataUpdatedAt });
      } else if (lostAccess(query)) {
        entries.delete(id);
      }
    }
    for (const [id, q] of entries) if (now - q.dataUpdatedAt > MAX_AGE_MS) entries.delete(id);
    const missing = missingFromList(entries.values(), entries.get(GROUP_LIST_ID));
    if (missing.length > 0) refreshList(missing);
    void set(
      KEY,
      { version: VERSION, owner, savedAt: now, queries: [...entries.values()] } satisfies OfflineCopy,
      store(),
    );
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || !["success", "error"].includes(event.action.type) || timer) return;
    timer = setTimeout(write, WRITE_DELAY_MS);
  });
  write();
  stopWriting = () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

/** Signing out: forgets whose data this is, stops keeping it and removes everything cached on this device. */
export async function clearOfflineData(): Promise<void> {
  markOwner(null);
  await clearOfflineCopy();
}

/** Stops writing and removes everything cached on this device (signing out, or someone else signed in). */
export async function clearOfflineCopy(): Promise<void> {
  stopKeeping();
  await clear();
}

/** Stops writing (before signing out, so that nothing is written back after the data is removed). */
export function stopKeeping(): void {
  stopWriting?.();
  stopWriting = null;
  writer = null;
}
