/** The shared-trip rules of SPEC §5 and §9 that the screens apply, kept pure so they are tested alone. */
import {
  SHARE_DURATION_DEFAULT_HOURS,
  SHARE_DURATION_MAX_HOURS,
  SHARE_DURATION_MIN_HOURS,
  SHARE_MIN_MOVE_METERS,
  SHARE_TEXTS,
  createSharedTripSchema,
  distanceKm,
  firstErrors,
  type CreateSharedTripPayload,
  type LatLng,
  type SharedTrip,
  type SharedTripDestination,
} from "@caravan/common";

/** Whole hours in 1-72; anything that is not a number becomes 1. */
export function clampDuration(raw: string | number): number {
  const n = typeof raw === "number" ? Math.trunc(raw) : Number.parseInt(raw, 10);
  if (!Number.isFinite(n)) return SHARE_DURATION_MIN_HOURS;
  return Math.min(SHARE_DURATION_MAX_HOURS, Math.max(SHARE_DURATION_MIN_HOURS, n));
}

/**
 * The duration field's text after an edit: clamped at once, except that it may be empty for a moment so the
 * number can be retyped (an empty field counts as 1 when the share is created).
 */
export function nextDurationText(raw: string): string {
  return raw.trim() === "" ? "" : String(clampDuration(raw));
}

/** The Share Your Trip form: the duration field's text as typed, and the destination picked in the search. */
export interface ShareForm {
  durationHours: string;
  destination: SharedTripDestination | null;
}

export const emptyShareForm: ShareForm = { durationHours: String(SHARE_DURATION_DEFAULT_HOURS), destination: null };

/** What the form sends: the duration clamped to whole hours in 1-72 (an empty field counts as 1). */
export function sharePayload(values: ShareForm): CreateSharedTripPayload {
  return { durationHours: clampDuration(values.durationHours), destination: values.destination };
}

/** The form's check: the payload it would send, against common's createSharedTripSchema (as the server checks it). */
export function validateShareForm(values: ShareForm): Promise<Partial<Record<keyof ShareForm, string>>> {
  return firstErrors(createSharedTripSchema, sharePayload(values));
}

/** A position is worth posting unless it is within 10 m of the last one posted (great-circle distance). */
export function movedEnough(last: LatLng | null, next: LatLng): boolean {
  return last === null || distanceKm(last, next) * 1000 >= SHARE_MIN_MOVE_METERS;
}

/** Live: not stopped and not yet expired, by the viewer's clock (the list is refetched every 30 s). */
export function isLive(trip: Pick<SharedTrip, "isActive" | "expiresAt">, now: Date = new Date()): boolean {
  return trip.isActive && new Date(trip.expiresAt).getTime() > now.getTime();
}

export function liveTrips<T extends Pick<SharedTrip, "isActive" | "expiresAt">>(
  trips: readonly T[],
  now = new Date(),
): T[] {
  return trips.filter((t) => isLive(t, now));
}

/**
 * What a geolocation error means for dashboard sharing (SPEC §8): a timeout is retried quietly; a lost fix
 * (position unavailable) stops sharing unless a position arrives within the grace period, because browsers report
 * it for a moment whenever the fix changes source; anything else stops sharing at once.
 */
export type GeolocationFailure =
  { action: "retry" } | { action: "stopUnlessRecovered"; text: string } | { action: "stop"; text: string };

export function geolocationFailure(code: number): GeolocationFailure {
  switch (code) {
    case 3:
      return { action: "retry" };
    case 2:
      return { action: "stopUnlessRecovered", text: SHARE_TEXTS.unavailable };
    case 1:
      return { action: "stop", text: SHARE_TEXTS.permissionDenied };
    default:
      return { action: "stop", text: SHARE_TEXTS.accessDenied };
  }
}
