/** The shared-trip rules of docs/product.md §5 and §9 that the screens apply, kept pure so they are tested alone. */
import {
  SHARE_MIN_MOVE_METERS,
  SHARE_STALE_AFTER_MS,
  SHARE_TEXTS,
  displayName,
  distanceKm,
  type LatLng,
  type SharedTrip,
  type SharedTripInfo,
  type SharedTripLocation,
} from "@caravan/common";
import { pageTitle } from "../../lib/use-document-title";

/** A position is worth posting unless it is within 10 m of the last one posted (great-circle distance). */
export function movedEnough(last: LatLng | null, next: LatLng): boolean {
  return last === null || distanceKm(last, next) * 1000 >= SHARE_MIN_MOVE_METERS;
}

/** The page's title (the tab, a bookmark), as the server writes it and the app keeps it. */
export function sharedTripTitle(info: Pick<SharedTripInfo, "sharer">): string {
  return pageTitle(`${displayName(info.sharer)}'s Location`);
}

/** Live: not stopped and not yet expired, by the viewer's clock (the list is refetched every 30 s). */
export function isLive(trip: Pick<SharedTrip, "isActive" | "expiresAt">, now: Date = new Date()): boolean {
  return trip.isActive && new Date(trip.expiresAt).getTime() > now.getTime();
}

/**
 * What the watcher's header says about a share, from what has really arrived: "Live" only while the share is live
 * and its newest position is recent; before the first one, that sharing has not started; after SHARE_STALE_AFTER_MS,
 * how old the last one is. An ended share says whether the sharer stopped it or its time ran out.
 */
export type ShareState =
  { kind: "live" } | { kind: "waiting" } | { kind: "stale"; since: string } | { kind: "stopped" } | { kind: "expired" };

export function shareState(
  info: Pick<SharedTripInfo, "isActive" | "expiresAt" | "stopped">,
  latest: Pick<SharedTripLocation, "createdAt"> | null,
  locationsLoading: boolean,
  now: Date,
): ShareState {
  if (!isLive(info, now)) return { kind: info.stopped ? "stopped" : "expired" };
  // Until the positions are read, the share is live as far as anyone knows.
  if (locationsLoading) return { kind: "live" };
  if (!latest) return { kind: "waiting" };
  const age = now.getTime() - new Date(latest.createdAt).getTime();
  return age > SHARE_STALE_AFTER_MS ? { kind: "stale", since: latest.createdAt } : { kind: "live" };
}

export function liveTrips<T extends Pick<SharedTrip, "isActive" | "expiresAt">>(
  trips: readonly T[],
  now = new Date(),
): T[] {
  return trips.filter((t) => isLive(t, now));
}

/**
 * What a geolocation error means for dashboard sharing (docs/product.md §8): a timeout is retried quietly; a lost fix
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
