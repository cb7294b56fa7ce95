import { hashKey, QueryClientProvider } from "@tanstack/react-query";
import type { CurrentUser } from "@caravan/common";
import type { ReactNode } from "react";
import { startOfflineData } from "../offline";
import { currentUserKey } from "./current-user";
import { createQueryClient } from "./query-client";
import { takeServerState } from "./server-state";
import { knownSession, setSession } from "./session";

/** The one query cache of the page, created with the first screen that needs server state. */
const queryClient = createQueryClient();

// A page the server drew comes with the reads it was drawn from.
takeServerState(queryClient);

// Offline, the data kept on this device fills the cache, the signed-in user included (which `/` then follows).
startOfflineData(queryClient);

// The first probe's answer saves the cache a second request; from then on the cache leads and `/` follows it.
const probed = knownSession();
if (probed !== undefined) queryClient.setQueryData(currentUserKey, probed);
const currentUserHash = hashKey(currentUserKey);
queryClient.getQueryCache().subscribe(({ query }) => {
  if (query.queryHash !== currentUserHash) return;
  const { data, status } = query.state as { data: CurrentUser | null | undefined; status: string };
  if (status === "success" && data !== undefined) setSession(data);
});
// Before any probe: who the server drew the page for (the dashboard the server drew then opens as it is).
if (probed === undefined) {
  const drawnFor = queryClient.getQueryData<CurrentUser | null>(currentUserKey);
  if (drawnFor !== undefined) setSession(drawnFor);
}

export function QueryLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
