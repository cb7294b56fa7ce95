import { useSyncExternalStore } from "react";
import { serverReachable, subscribeToReachability } from "./reachability";

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
 * on which the client refuses changes (api/client.ts). A page the server draws is drawn online.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Whether the page reads from the server: the browser online and the server answering. Otherwise the page shows
 * what was kept on the device (the banner says since when and which of the two it is).
 */
export function useServerReachable(): boolean {
  return useSyncExternalStore(subscribeToReachability, serverReachable, () => true);
}
