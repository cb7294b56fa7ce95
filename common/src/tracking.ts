import { GROUP_TRACKING_MIN_DELTA_DEGREES } from "./limits.js";

interface LatLon {
  latitude: number;
  longitude: number;
}

/** 45.0001 - 45 is 0.00010000000000332 in binary floating point: a move of exactly the threshold still counts as within it. */
const FLOAT_SLACK = 1e-9;
const withinDelta = (d: number) => Math.abs(d) <= GROUP_TRACKING_MIN_DELTA_DEGREES + FLOAT_SLACK;

/**
 * Group location updates skip a position when both latitude and longitude moved by 0.0001 degrees or less since the
 * last one (docs/product.md §9): a phone lying on a table does not post every five seconds. Browser tracking and tracker apps
 * share this rule.
 */
export function shouldSkipGroupUpdate(last: LatLon | null, next: LatLon): boolean {
  if (!last) return false;
  return withinDelta(next.latitude - last.latitude) && withinDelta(next.longitude - last.longitude);
}

/** Speeds are stored in m/s; people read km/h. */
export function formatSpeed(metresPerSecond: number): string {
  return `${Math.round(metresPerSecond * 3.6)} km/h`;
}
