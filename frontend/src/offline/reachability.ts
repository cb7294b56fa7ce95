import { create } from "zustand";

/**
 * Whether Caravan's server answers, as far as this page has seen. The browser may say it is online while nothing
 * reaches the server: a hotel's captive portal answering every request with its own page, a tunnel that dropped, the
 * server restarting. The query cache (api/query-client.ts) reports here what its reads and changes met, the socket its
 * connections, the signed-in probe a page that opens without the server; while the server cannot be reached, reads
 * wait for it and the page shows what is cached on the device, as offline (offline/start.ts).
 */
interface Reachability {
  /** False from a request that did not reach the server until the server answers again. */
  reachable: boolean;
  /** The page has read what this device cached (or found nothing cached) since it could not read from the server. */
  offlineCopyRead: boolean;
}

export const useReachability = create<Reachability>(() => ({ reachable: true, offlineCopyRead: false }));

export const serverReachable = (): boolean => useReachability.getState().reachable;

export function setServerReachable(reachable: boolean): void {
  if (reachable !== serverReachable()) useReachability.setState({ reachable });
}

/** Calls `listener` each time the server becomes reachable or unreachable; returns the call that stops it. */
export const subscribeToReachability = (listener: () => void): (() => void) =>
  useReachability.subscribe((state, before) => state.reachable !== before.reachable && listener());

export function markOfflineCopyRead(): void {
  if (!useReachability.getState().offlineCopyRead) useReachability.setState({ offlineCopyRead: true });
}
