import { useQueryClient } from "@tanstack/react-query";
import { POLL_MS } from "@caravan/common";
import { usePollInterval, useRoom } from "../../realtime";
import { applyLocationEventToCache, useGroupLocations } from "./api";

/**
 * The group's current locations, kept live: location:updated events land in the cache (the group page follows the
 * room; this listens), a member who leaves drops off at once (the database deleted their location with the
 * membership), and the 5 s poll of SPEC §7 runs only while the socket is down.
 */
export function useLocationsFeed(groupId: number) {
  const client = useQueryClient();
  useRoom(null, {
    "location:updated": (event) => {
      if (event.groupId === groupId) applyLocationEventToCache(client, groupId, event);
    },
    "member:left": ({ groupId: from, userId }) => {
      if (from === groupId) applyLocationEventToCache(client, groupId, { groupId, userId, removed: true });
    },
  });
  return useGroupLocations(groupId, usePollInterval(POLL_MS.groupLocations));
}
