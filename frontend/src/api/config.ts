import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ClientConfig } from "@caravan/common";
import { api } from "./client";
import { clientConfigKey, EVENTLESS } from "./query-keys";

export { clientConfigKey };

export const fetchClientConfig = (signal?: AbortSignal) => api.get<ClientConfig>("/api/config", signal);

/** The server's settings for the browser (basemap, map tiles, Maps key, sign-in providers): read once per page load. */
export const clientConfigQuery = queryOptions({
  queryKey: clientConfigKey,
  queryFn: ({ signal }) => fetchClientConfig(signal),
  staleTime: Infinity,
  meta: EVENTLESS,
});

export function useClientConfig() {
  return useQuery(clientConfigQuery);
}
