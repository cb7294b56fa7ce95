import { useConnectionStore } from "./connection-store";

/**
 * A query's refetchInterval: false while the socket is connected (events keep the cache current), `ms` while it is
 * not, so polling is only the fallback. Use it for queries whose changes a followed room announces (useRoom).
 */
export function usePollInterval(ms: number): number | false {
  const connected = useConnectionStore((state) => state.status === "connected");
  return connected ? false : ms;
}
