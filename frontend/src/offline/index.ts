/**
 * Offline reading, the part every page carries. A marker in localStorage (store.ts) says whose data this browser
 * keeps, so the code that reads, writes and removes it is fetched only when someone is signed in, when a page opens
 * offline with data kept, or when a signed-out browser still holds some. A visitor's page never fetches it.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@caravan/common";

const load = () => import("./store");

/** Whether this browser keeps someone's data for offline reading. */
export function offlineDataKept(): boolean {
  try {
    return localStorage.getItem("caravan.offline-owner") !== null;
  } catch {
    return false;
  }
}

/**
 * Starts offline reading for the app's query client: a page opened offline shows what its user read last; online,
 * kept data is never read (the server answers, and decides who is signed in). Then it follows the signed-in probe:
 * keeps the signed-in user's screens, or removes what a signed-out browser kept. Returns the stop function.
 */
export function startOfflineData(client: QueryClient): () => void {
  if (!navigator.onLine && offlineDataKept()) void load().then((store) => store.restore(client));
  let seen: unknown;
  const check = () => {
    const state = client.getQueryState<CurrentUser | null>(["auth", "user"]);
    if (state?.status !== "success" || state.data === seen) return;
    const user = (seen = state.data);
    if (user) void load().then((store) => store.keep(client, user.id));
    else if (offlineDataKept()) void load().then((store) => store.clearOfflineData());
  };
  check();
  // The signed-in probe's key (api/current-user.ts), hashed.
  return client.getQueryCache().subscribe(({ query }) => query.queryHash === '["auth","user"]' && check());
}

/** Removes what this browser kept, for a page that found nobody signed in without loading the query cache. */
export function forgetOfflineData(): void {
  if (offlineDataKept()) void load().then((store) => store.clearOfflineData());
}
