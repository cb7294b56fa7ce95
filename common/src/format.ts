import { t } from "./i18n/index.js";
import { EARTH_RADIUS_KM, GROUP_COORD_DECIMALS } from "./limits.js";

export { displayName, initials } from "./names.js";

export interface LatLng {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Under 1 km in metres, under 10 km with one decimal, otherwise whole kilometres. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.round(km * 1000)} m`;
  if (km < 10) return `${(Math.round(km * 10) / 10).toFixed(1)} km`;
  return `${Math.round(km)} km`;
}

/** 'N min ago' under an hour, then hours, then days. */
export function formatRelativeTime(then: Date | string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(then).getTime()) / 60_000));
  if (minutes < 60) return t("format.minutesAgo", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t("format.hoursAgo", { count: hours });
  return t("format.daysAgo", { count: Math.floor(hours / 24) });
}

/** Whole calendar days from today's date to the start date, in the viewer's local calendar. */
export function calendarDaysUntil(start: Date | string, now: Date = new Date()): number {
  const s = new Date(start);
  const startDay = Date.UTC(s.getFullYear(), s.getMonth(), s.getDate());
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((startDay - today) / 86_400_000);
}

export function formatCountdown(start: Date | string, now: Date = new Date()): string {
  const days = calendarDaysUntil(start, now);
  if (days < 0) return t("format.tripStarted");
  if (days === 0) return t("format.startingToday");
  return t("format.daysToGo", { count: days });
}

/** 'Xh Ym remaining', 'Ym remaining', or 'Expired'. */
export function formatRemaining(expiresAt: Date | string, now: Date = new Date()): string {
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (ms <= 0) return t("format.expired");
  const totalMinutes = Math.floor(ms / 60_000);
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return h > 0 ? t("format.remainingHours", { hours: h, minutes: m }) : t("format.remainingMinutes", { minutes: m });
}

export function formatDurationHours(hours: number): string {
  return t("format.duration", { count: hours });
}

/** The address shown when none is known: the coordinates themselves. */
export function formatCoordinates(lat: number, lng: number, decimals: number = GROUP_COORD_DECIMALS): string {
  return `${lat.toFixed(decimals)}, ${lng.toFixed(decimals)}`;
}

/** The address given to a location the gazetteer recognises: 'near {town}, {region}, {country}', blanks skipped. */
export function formatNearPlace(place: { name: string; region?: string | null; country?: string | null }): string {
  const parts = [place.name, place.region, place.country].map((p) => p?.trim()).filter(Boolean);
  // A region named like its town ("Paris, Paris") says nothing twice.
  const unique = parts.filter((p, i) => parts.indexOf(p) === i);
  return `near ${unique.join(", ")}`;
}

/** Travel time at a steady speed: "4 min", "1 h 25 min" (at least a minute). */
export function formatEta(meters: number, speedMps: number): string {
  const minutes = Math.max(1, Math.round(meters / speedMps / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
}
