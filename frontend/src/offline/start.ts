/**
 * Offline reading started with the page's query cache (api/query-layer.tsx), which is not part of the first load.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@caravan/common";
import { hasOfflineCopy } from "./index";
import { markOfflineCopyRead, serverReachable, subscribeToReachability } from "./reachability";

const load = () => import("./store");

/**
 * Starts offline reading for the app's query client: a page opened offline, or one that cannot reach the server
 * while the browser says it is online (a captive portal, a server restarting: reachability.ts), shows what its user
 * read last, and so does a page that loses the network or the server later (what the page fetched since stays: the
 * cached copy never replaces newer data). Otherwise cached data is never read: the server answers, and decides who is
 * signed in. Then it follows the signed-in probe: keeps the signed-in user's screens, or removes what a signed-out
 * browser cached. Returns the stop function.
 */
export function startOfflineData(client: QueryClient): () => void {
  const readOfflineCopy = () => {
    if (navigator.onLine && serverReachable()) return;
    if (!hasOfflineCopy()) return markOfflineCopyRead();
    void load()
      .then((store) => store.restore(client))
      .catch(() => false)
      .finally(markOfflineCopyRead);
  };
  readOfflineCopy();
  window.addEventListener("offline", readOfflineCopy);
  const stopFollowingServer = subscribeToReachability(readOfflineCopy);
  let seen: unknown;
  const check = () => {
    const state = client.getQueryState<CurrentUser | null>(["auth", "user"]);
    if (state?.status !== "success" || state.data === seen) return;
    const user = (seen = state.data);
    if (user) void load().then((store) => store.keep(client, user.id));
    else if (hasOfflineCopy()) void load().then((store) => store.clearOfflineData());
  };
  check();
  // The signed-in probe's key (api/current-user.ts), hashed.
  const stopFollowingUser = client
    .getQueryCache()
    .subscribe(({ query }) => query.queryHash === '["auth","user"]' && check());
  return () => {
    window.removeEventListener("offline", readOfflineCopy);
    stopFollowingServer();
    stopFollowingUser();
  };
}
