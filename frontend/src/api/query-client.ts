import { QueryClient } from "@tanstack/react-query";

/** Server state is always fetched fresh on mount; failures surface at once instead of being retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
