import { POLL_MS } from "@caravan/common";
import { usePollInterval } from "../../realtime";
import { useGroupLocations } from "./api";

/**
 * The group's current locations, kept live: location:updated and member:left land in the cache through the group
 * page's events (app/group-events.ts), and the 5 s poll of SPEC §7 runs only while the socket is down.
 */
export function useLocationsFeed(groupId: number) {
  return useGroupLocations(groupId, usePollInterval(POLL_MS.groupLocations));
}
