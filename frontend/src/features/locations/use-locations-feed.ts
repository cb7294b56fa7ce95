import { useDeferredValue } from "react";
import { POLL_MS, type GroupLocation } from "@caravan/common";
import { usePollInterval } from "../../realtime";
import { useGroupLocations } from "./api";

export interface LocationsFeed {
  data: GroupLocation[] | undefined;
  /** No locations to show yet, and no failure either. */
  isPending: boolean;
}

/**
 * The group's current locations, kept live: location:updated and member:left land in the cache through the group
 * page's events (app/group-events.ts), and the 5 s poll of docs/product.md §7 runs only while the socket is down.
 *
 * What arrives is drawn as a deferred render, which yields to the browser every few milliseconds: the first answer
 * fills the map, its markers and the member list at once, and a query's answer is otherwise drawn in one task.
 */
export function useLocationsFeed(groupId: number): LocationsFeed {
  const { data, status } = useGroupLocations(groupId, usePollInterval(POLL_MS.groupLocations));
  const shown = useDeferredValue(data);
  return { data: shown, isPending: shown === undefined && status !== "error" };
}
