import { useSyncExternalStore } from "react";
import type { CurrentUser } from "@caravan/common";
import { forgetOfflineData, hasOfflineCopy } from "../offline";
import { ApiError, api, isUnreachable } from "./client";
import { SESSION_PROBE_PATH } from "./paths";

/**
 * The signed-in user, or null when signed out. As a probe, GET /api/auth/user answers 204 for visitors (a 401 would
 * show as a failed request in the console of every visitor's page load); a 401 still means signed out.
 */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser | null> {
  try {
    return (await api.get<CurrentUser | undefined>(SESSION_PROBE_PATH, signal)) ?? null;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/**
 * Who is signed in, as far as `/` needs to know to choose between the landing page and the dashboard: `undefined`
 * until the first probe answers. It is kept apart from the query cache so that a visitor's first load does not carry
 * the query library; once that library is loaded, the cache's current user is mirrored here (`query-layer.tsx`).
 */
let session: CurrentUser | null | undefined;
let probe: Promise<void> | undefined;
const listeners = new Set<() => void>();

export function setSession(user: CurrentUser | null): void {
  // The same user read again (the probe's answer to a page that came with its user) is no change: a page drawing
  // as it arrives would otherwise be drawn again, at once and in one piece, to stay consistent with it.
  if (user === session || (user && session && JSON.stringify(user) === JSON.stringify(session))) return;
  session = user;
  for (const listener of listeners) listener();
}

export function knownSession(): CurrentUser | null | undefined {
  return session;
}

/** Who the server renders a page for (server-render.tsx sets it for each render): the server has no page's session. */
let renderingFor: CurrentUser | null | undefined;
export function setRenderingSession(user: CurrentUser | null | undefined): void {
  renderingFor = user;
}
const renderingSession = () => renderingFor;

/**
 * Asks the server once per page load. Offline it does not ask, and with the server out of reach while the browser
 * says it is online (a captive portal, a restart) the answer does not come: with data kept on this device it loads the
 * query cache, which restores who was signed in and their screens; without, it is the landing page. Told that nobody
 * is signed in, it removes what this browser kept. A failed probe counts as signed out, as the landing page is the
 * safe answer.
 */
export function probeSession(): Promise<void> {
  probe ??= (async () => {
    let unreachable = !navigator.onLine;
    const user = unreachable
      ? undefined
      : await fetchCurrentUser().catch((err: unknown) => {
          unreachable = isUnreachable(err);
          return undefined;
        });
    if (unreachable && hasOfflineCopy()) {
      const layer = await import("./query-layer");
      // Told that the server is out of reach, the query cache reads what was kept (offline/start.ts).
      if (navigator.onLine) layer.setServerReachable(false);
      return;
    }
    // Only the server's answer "nobody" removes kept data; a failed request (a server restarting) leaves it.
    if (user === null) forgetOfflineData();
    setSession(user ?? null);
  })();
  return probe;
}

/** Calls `listener` each time who is signed in changes; returns the call that stops it. */
export const subscribeToSession = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSession(): CurrentUser | null | undefined {
  // The app's first render over the dashboard the server rendered (boot/start.tsx hydrates it) has who the page was
  // rendered for (query-layer.tsx takes it from the page), as the server's had.
  return useSyncExternalStore(subscribeToSession, knownSession, import.meta.env.SSR ? renderingSession : knownSession);
}
