import { POLL_MS } from "@caravan/common";
import { useGroupLocations } from "./api";

/**
 * The group's current locations. The group page polls every 5 s (SPEC §7); location:updated events land in the
 * same cache through applyLocationEventToCache.
 */
export function useLocationsFeed(groupId: number) {
  return useGroupLocations(groupId, POLL_MS.groupLocations);
}
