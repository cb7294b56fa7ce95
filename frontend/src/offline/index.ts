/**
 * Offline reading, the part every page carries. A marker in localStorage (store.ts) says whose data this browser
 * keeps, so the code that reads, writes and removes it is fetched only when someone is signed in, when a page opens
 * offline with data cached, or when a signed-out browser still holds some. A visitor's page never fetches it. Reading
 * and keeping start with the query cache (start.ts).
 */
const load = () => import("./store");

/** Whether this browser keeps someone's data for offline reading. */
export function hasOfflineCopy(): boolean {
  try {
    return localStorage.getItem("caravan.offline-owner") !== null;
  } catch {
    return false;
  }
}

/** Removes what this browser cached, for a page that found nobody signed in without loading the query cache. */
export function forgetOfflineData(): void {
  if (hasOfflineCopy()) void load().then((store) => store.clearOfflineData());
}
