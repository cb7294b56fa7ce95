/**
 * Whether Caravan's server answers, as far as this page has seen. The browser may say it is online while nothing
 * reaches the server: a hotel's captive portal answering every request with its own page, a tunnel that dropped, the
 * server restarting. The query cache (api/query-client.ts) reports here what its reads and changes met, the socket its
 * connections, the signed-in probe a page that opens without the server; while the server cannot be reached, reads
 * wait for it and the page shows what is kept on the device, as offline (offline/start.ts).
 */
let reachable = true;
const listeners = new Set<() => void>();

/** False from a request that did not reach the server until the server answers again. */
export const serverReachable = (): boolean => reachable;

/** Calls `listener` each time reachability changes; returns the call that stops it. */
export function subscribeToReachability(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setServerReachable(value: boolean): void {
  if (value === reachable) return;
  reachable = value;
  listeners.forEach((listener) => listener());
}

/** Whether the page has read what this device kept (or found nothing kept) since it lost the server. */
let keptCopyRead = false;
const keptCopyListeners = new Set<() => void>();

export const keptCopyChecked = (): boolean => keptCopyRead;

export function subscribeToKeptCopy(listener: () => void): () => void {
  keptCopyListeners.add(listener);
  return () => keptCopyListeners.delete(listener);
}

export function markKeptCopyRead(): void {
  if (keptCopyRead) return;
  keptCopyRead = true;
  for (const listener of [...keptCopyListeners]) listener();
}
