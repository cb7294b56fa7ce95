import { hashKey, QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@caravan/common";
import { createContext, useContext, type ReactNode } from "react";
import { startOfflineData } from "../offline/start";
import { currentUserKey } from "./current-user";
import { createQueryClient } from "./query-client";
import { takeServerState } from "./server-state";
import { knownSession, setSession } from "./session";

/**
 * The one query cache of the page, created with the first screen that needs server state. None on the server: each
 * drawing brings its own (`DrawingQueries`).
 */
const queryClient = import.meta.env.SSR ? null : startPageQueries(createQueryClient());

function startPageQueries(client: QueryClient): QueryClient {
  // A page the server drew comes with the reads it was drawn from.
  takeServerState(client);

  // Offline, the data kept on this device fills the cache, the signed-in user included (which `/` then follows).
  startOfflineData(client);

  // The first probe's answer saves the cache a second request; from then on the cache leads and `/` follows it.
  const probed = knownSession();
  if (probed !== undefined) client.setQueryData(currentUserKey, probed);
  const currentUserHash = hashKey(currentUserKey);
  client.getQueryCache().subscribe(({ query }) => {
    if (query.queryHash !== currentUserHash) return;
    const { data, status } = query.state as { data: CurrentUser | null | undefined; status: string };
    if (status === "success" && data !== undefined) setSession(data);
  });
  // Before any probe: who the server drew the page for (the dashboard the server drew then opens as it is).
  if (probed === undefined) {
    const drawnFor = client.getQueryData<CurrentUser | null>(currentUserKey);
    if (drawnFor !== undefined) setSession(drawnFor);
  }
  return client;
}

/** For the signed-in probe, which meets a server out of reach before the query cache is loaded (session.ts). */
export { setServerReachable } from "../offline/reachability";

/** The reads a page is drawn from on the server (server-render.tsx): a cache of each drawing's own, not the page's. */
export const DrawingQueries = createContext<QueryClient | null>(null);

export function QueryLayer({ children }: { children: ReactNode }) {
  const client = useContext(DrawingQueries) ?? queryClient;
  if (!client) throw new Error("A page drawn on the server needs its reads (DrawingQueries)");
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
