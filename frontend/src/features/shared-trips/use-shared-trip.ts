import { useQuery } from "@tanstack/react-query";
import type { SharedTripInfo } from "@caravan/common";
import { ApiError } from "../../api/client";
import { useNow } from "../../lib/use-now";
import { sharedLocationsQuery, sharedTripQuery } from "./api";
import { isLive, shareState } from "./rules";
import { useShareLiveUpdates } from "./use-share-live-updates";

/**
 * A shown share kept current: whether it is live (ticking every 5 s), what its header says (ShareState), its newest
 * location while live, and the chat's poll interval. Follows the share's room while live and polls while the socket is down.
 */
export function useSharedTrip(token: string, info: SharedTripInfo) {
  const now = useNow(5_000);
  const live = isLive(info, now);
  const poll = useShareLiveUpdates(token, live);
  // Re-read the share while polling, so a stop or an expiry shows without a reload.
  useQuery(sharedTripQuery(token, poll.sharedTrip));
  const locations = useQuery(sharedLocationsQuery(token, poll.sharedTripLocations, live));
  const latest = live ? (locations.data?.[0] ?? null) : null;
  return {
    now,
    live,
    state: shareState(info, latest, live && locations.isPending, now),
    latest,
    locationsLoading: locations.isPending,
    messagesPoll: poll.sharedTripMessages,
  };
}

/** The server's answer for a token that names no share it will show. */
export const isShareNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
