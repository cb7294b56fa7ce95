import { useSyncExternalStore } from "react";
import { useReachability } from "./reachability";

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/**
 * Whether the browser says it is online: the same signal on which React Query pauses queries and resumes them, and
 * on which the client refuses changes (api/client.ts). A page the server renders is rendered online.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether the server answers, as far as the page has seen (offline/reachability.ts). With the browser online, the page
 * reads from the server; otherwise it shows what was cached on the device, and the banner says which of the two it is.
 */
export function useServerReachable(): boolean {
  return useReachability((state) => state.reachable);
}
