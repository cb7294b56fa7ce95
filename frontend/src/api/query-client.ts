import { QueryClient, onlineManager } from "@tanstack/react-query";
import { drawnAndUnread } from "./server-state";

/**
 * Server state is always fetched fresh on mount, but for what the page the server drew came with, while the page
 * is new (server-state.ts); failures surface at once instead of being retried.
 *
 * Offline (the browser says so), queries wait for the network instead of failing, and keep showing what they had,
 * which the offline data kept on the device fills after a reload (offline-data.ts). Changes are never held back to
 * be sent later: they run at once, and the client refuses them while offline with a message (client.ts).
 */
export function createQueryClient(): QueryClient {
  // React Query assumes online until the first `offline` event; a page opened offline must know from the start.
  onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: (query) => (drawnAndUnread(query) ? Infinity : 0),
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false, networkMode: "always" },
    },
  });
}
