import { GROUP_TRACKING_MIN_DELTA_DEGREES } from "@caravan/common";
import type { Coordinates } from "./geolocation";

/**
 * Group auto-tracking skips a position when both latitude and longitude moved by 0.0001 degrees or less since the
 * last one sent (SPEC §9): a phone lying on a table does not post every five seconds.
 */
export function shouldSkipUpdate(last: Coordinates | null, next: Coordinates): boolean {
  if (!last) return false;
  return withinDelta(next.latitude - last.latitude) && withinDelta(next.longitude - last.longitude);
}

/** 45.0001 - 45 is 0.00010000000000332 in binary floating point: a move of exactly the threshold still counts as within it. */
const FLOAT_SLACK = 1e-9;
const withinDelta = (d: number) => Math.abs(d) <= GROUP_TRACKING_MIN_DELTA_DEGREES + FLOAT_SLACK;

/** Manual entry: what is not a number becomes 0 (SPEC §5). */
export function parseCoordinate(text: string): number {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) ? n : 0;
}
