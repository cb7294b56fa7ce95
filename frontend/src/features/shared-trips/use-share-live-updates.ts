import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { POLL_MS, type SharedTripInfo, type SharedTripLocation, type SharedTripMessage } from "@caravan/common";
import { useRoom, type RoomHandlers } from "../../realtime";
import { appendMessage, prependLocation, sharedTripKeys } from "./api";

export interface SharePollIntervals {
  sharedTrip: number | false;
  sharedTripLocations: number | false;
  sharedTripMessages: number | false;
}

const NONE: SharePollIntervals = { sharedTrip: false, sharedTripLocations: false, sharedTripMessages: false };
const POLLING: SharePollIntervals = {
  sharedTrip: POLL_MS.sharedTrip,
  sharedTripLocations: POLL_MS.sharedTripLocations,
  sharedTripMessages: POLL_MS.sharedTripMessages,
};

/**
 * Keeps the shared page current: while the share is live it follows the share's room, writing each position and
 * message into the cache and ending the page in place on share:ended. Polling is the fallback, only while the room
 * is not followed (socket down, or the subscription refused). Once the share has ended nothing can change, so
 * nothing is followed or polled. Returns the polling intervals for the page's three queries.
 */
export function useShareLiveUpdates(token: string, live: boolean): SharePollIntervals {
  const client = useQueryClient();
  const handlers: RoomHandlers = live
    ? {
        "share:location": (location) =>
          client.setQueryData<SharedTripLocation[]>(sharedTripKeys.locations(token), (list) =>
            prependLocation(list, location),
          ),
        "share:message": (message) =>
          client.setQueryData<SharedTripMessage[]>(sharedTripKeys.messages(token), (list) =>
            appendMessage(list, message),
          ),
        "share:ended": ({ reason }) => {
          client.setQueryData<SharedTripInfo>(
            sharedTripKeys.info(token),
            (info) => info && { ...info, isActive: false, stopped: reason === "stopped" },
          );
          client.setQueryData<SharedTripLocation[]>(sharedTripKeys.locations(token), []);
          void client.invalidateQueries({ queryKey: sharedTripKeys.info(token) });
        },
      }
    : {};
  const room = useRoom(live ? { shareToken: token } : null, handlers, [sharedTripKeys.share(token)]);

  // A refused subscription means the share ended (or vanished) since the page last read it.
  useEffect(() => {
    if (room.error) void client.invalidateQueries({ queryKey: sharedTripKeys.info(token) });
  }, [room.error, client, token]);

  if (!live) return NONE;
  return room.subscribed ? NONE : POLLING;
}
