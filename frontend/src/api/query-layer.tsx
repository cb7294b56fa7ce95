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
 * render brings its own (`RenderingQueries`).
 */
const queryClient = import.meta.env.SSR ? null : startPageQueries(createQueryClient());

function startPageQueries(client: QueryClient): QueryClient {
  // A page the server rendered comes with the reads it was rendered from.
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
  // Before any probe: who the server rendered the page for (the dashboard it rendered then opens as it is).
  if (probed === undefined) {
    const renderedFor = client.getQueryData<CurrentUser | null>(currentUserKey);
    if (renderedFor !== undefined) setSession(renderedFor);
  }
  return client;
}

/** For the signed-in probe, which meets a server out of reach before the query cache is loaded (session.ts). */
export { setServerReachable } from "../offline/reachability";

/** The reads a page is rendered from on the server (server-render.tsx): a cache of each render's own, not the page's. */
export const RenderingQueries = createContext<QueryClient | null>(null);

export function QueryLayer({ children }: { children: ReactNode }) {
  const client = useContext(RenderingQueries) ?? queryClient;
  if (!client) throw new Error("A page rendered on the server needs its reads (RenderingQueries)");
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
