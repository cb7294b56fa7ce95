import { lazyDateTimeFormat } from "../../lib/formats";

/**
 * Group dates are calendar days. They travel as noon UTC, so the same day shows in every time zone from UTC-11 to
 * UTC+11, and they are shown in UTC for the same reason.
 */
const dayFormat = lazyDateTimeFormat({ dateStyle: "medium", timeZone: "UTC" });

export const dayToIso = (day: string): string => `${day}T12:00:00.000Z`;

export const isoToDay = (iso: string | null | undefined): string | null => (iso ? iso.slice(0, 10) : null);

export const formatDay = (iso: string): string => dayFormat().format(new Date(iso));

/** 'Jun 1, 2027 – Jun 21, 2027', one end alone, or null when neither is set. */
export function formatDateRange(start: string | null, end: string | null): string | null {
  if (start && end) return `${formatDay(start)} – ${formatDay(end)}`;
  if (start) return `From ${formatDay(start)}`;
  if (end) return `Until ${formatDay(end)}`;
  return null;
}
