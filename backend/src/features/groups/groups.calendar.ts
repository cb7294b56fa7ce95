import ical, { ICalCalendarMethod } from "ical-generator";
import { CALENDAR_MAX_DAYS, CALENDAR_TEXTS } from "@caravan/common";
import type { Group } from "../../db/entities/index.js";
import { notFound } from "../../http/errors.js";

const DAY_MS = 86_400_000;

/** A group date is a calendar day that travels as noon UTC (frontend/src/features/groups/dates.ts): its UTC day. */
const utcDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/**
 * The trip as an RFC 5545 calendar: one all-day event from the first to the last day (DTEND is the day after, as the
 * RFC counts it), the group's name, its destination as LOCATION and GEO, and the group page's address. The UID is
 * the same every time, so importing it again updates the event instead of adding a second one.
 * A group with neither date has nothing to show: 404 with a message.
 */
export function groupCalendar(group: Group, publicUrl: string, now = new Date()): string {
  const first = group.startDate ?? group.endDate;
  const last = group.endDate ?? group.startDate;
  if (!first || !last) throw notFound(CALENDAR_TEXTS.noDates);
  const start = utcDay(first);
  let end = new Date(Math.max(utcDay(last).getTime(), start.getTime()) + DAY_MS);
  if (end.getTime() - start.getTime() > CALENDAR_MAX_DAYS * DAY_MS) end = new Date(start.getTime() + DAY_MS);
  const url = `${publicUrl}/groups/${group.id}`;
  const host = new URL(publicUrl).host;
  const calendar = ical({
    name: group.name,
    prodId: { company: "Caravan", product: "Caravan", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
  });
  const hasPoint = group.destinationLatitude !== null && group.destinationLongitude !== null;
  const place = group.destinationName ?? group.destinationAddress;
  calendar.createEvent({
    id: `group-${group.id}@${host}`,
    stamp: now,
    start,
    end,
    allDay: true,
    summary: group.name,
    description: [group.description, CALENDAR_TEXTS.eventDescription(url)].filter(Boolean).join("\n\n"),
    url,
    location:
      place || hasPoint
        ? {
            title: place ?? `${group.destinationLatitude}, ${group.destinationLongitude}`,
            address: group.destinationName && group.destinationAddress ? group.destinationAddress : undefined,
            geo: hasPoint ? { lat: group.destinationLatitude!, lon: group.destinationLongitude! } : undefined,
          }
        : null,
  });
  return calendar.toString();
}

/** A file name for the download: the group's name in safe characters. */
export function calendarFileName(group: Group): string {
  const slug = group.name
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    // One dash at most at either end, as the line above leaves no two in a row; `-+$` would retry at every dash.
    .replace(/^-|-$/g, "")
    .slice(0, 60);
  return `${slug || "trip"}.ics`;
}
