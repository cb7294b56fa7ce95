import { MutationCache, QueryCache, QueryClient, onlineManager } from "@tanstack/react-query";
import { serverReachable, setServerReachable, subscribeToReachability } from "../offline/reachability";
import { apiRequest, isUnreachable } from "./client";
import { SESSION_PROBE_PATH } from "./paths";
import { renderedAndUnread } from "./server-state";

/** Any answer of the server's, a refusal included, says it can be reached. */
const answered = () => setServerReachable(true);
const failed = (error: unknown) => (isUnreachable(error) ? setServerReachable(false) : answered());

/** How often a server out of reach is asked again: the product's polling interval, which the pages use without a socket. */
export const RECHECK_MS = 5_000;

/**
 * While the server cannot be reached, the paused reads make no requests: someone has to ask whether it is back.
 * The signed-in probe, the lightest read of the API, asks every RECHECK_MS; any read or change the server answers
 * meanwhile, and the socket as it connects, also say it is back.
 */
function askWhileUnreachable(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    if (timer === undefined && !serverReachable()) timer = setTimeout(ask, RECHECK_MS);
  };
  const ask = () => {
    timer = undefined;
    if (serverReachable()) return;
    if (!navigator.onLine) return later();
    void apiRequest(SESSION_PROBE_PATH).then(answered, (error: unknown) =>
      isUnreachable(error) ? later() : answered(),
    );
  };
  return subscribeToReachability(later);
}

/**
 * Server state is always fetched fresh on mount, but for what the page the server rendered came with, while the page
 * is new (server-state.ts); failures surface at once instead of being retried.
 *
 * Offline (the browser says so), or with the server out of reach while the browser says it is online (a captive
 * portal, a restart: offline/reachability.ts), queries wait for the network instead of failing, and keep showing what
 * they had, which the offline data kept on the device fills (offline/index.ts). A read that fails to reach the server
 * is such a wait, not a failure: it is tried again once the server answers. Changes are never held back to be sent
 * later: they run at once, and the client refuses them while offline with a message (client.ts).
 */
export function createQueryClient(): QueryClient {
  // React Query assumes online until the first `offline` event; a page opened offline must know from the start.
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(navigator.onLine && serverReachable());
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    const stopFollowing = subscribeToReachability(update);
    const stopAsking = askWhileUnreachable();
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
      stopFollowing();
      stopAsking();
    };
  });
  return new QueryClient({
    queryCache: new QueryCache({ onSuccess: answered }),
    mutationCache: new MutationCache({ onSuccess: answered, onError: failed }),
    defaultOptions: {
      queries: {
        staleTime: (query) => (renderedAndUnread(query) ? Infinity : 0),
        refetchOnWindowFocus: false,
        // A read that did not reach the server marks it out of reach, which pauses the read (onlineManager above)
        // until the server answers; any other failure is final.
        retry: (_failures, error) => {
          failed(error);
          return isUnreachable(error);
        },
        retryDelay: 0,
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
