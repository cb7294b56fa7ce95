import { useState } from "react";
import { distanceKm, type LatLng } from "@caravan/common";

/** How far the sharer may move from where the map was last framed before it re-centres on them. */
const REFRAME_KM = 0.4;

/**
 * A marker id for the map that changes only when the sharer has moved well away from the framed spot: the map
 * re-frames when its marker ids change, so small moves slide the marker in place and a long journey stays in
 * view, without yanking the view back on every update.
 */
export function useFollowFrame(location: LatLng | null): string {
  const [frame, setFrame] = useState<{ at: LatLng; seq: number } | null>(null);
  if (location && (!frame || distanceKm(frame.at, location) > REFRAME_KM)) {
    // Derived state, adjusted during render: React re-renders at once with the new frame.
    setFrame({ at: location, seq: (frame?.seq ?? 0) + 1 });
  }
  return `sharer-${frame?.seq ?? 0}`;
}
