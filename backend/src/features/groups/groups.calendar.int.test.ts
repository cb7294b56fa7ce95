import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_TEXTS } from "@caravan/common";
import { Group } from "../../db/entities/index.js";
import { buildGroup } from "../../../test/factories.js";
import { buildUser, startTestApp, type TestApp } from "../../../test/harness.js";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: "http://caravan.example.org" });
});
afterAll(() => app?.close());

/** Parsed by ical.js, the parser Mozilla's calendar uses: the file must be a calendar a real client reads. */
function firstEvent(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const events = calendar.getAllSubcomponents("vevent");
  expect(events).toHaveLength(1);
  return { calendar, event: events[0]! };
}

describe("GET /api/groups/{id}/calendar.ics", () => {
  it("is an RFC 5545 calendar with one all-day event for the trip, its destination and the group page", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member], name: "Alps; huts, & peaks" });
    await app.db.getRepository(Group).update(
      { id: groupId },
      {
        // Calendar days travel as noon UTC.
        startDate: new Date("2027-06-01T12:00:00Z"),
        endDate: new Date("2027-06-21T12:00:00Z"),
        destinationName: "Zermatt",
        destinationAddress: "Zermatt, Valais, Switzerland",
        destinationLatitude: 46.0207,
        destinationLongitude: 7.7491,
      },
    );

    const res = await member.client.get(`/api/groups/${groupId}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="Alps-huts-peaks.ics"');
    const text = res.body as string;
    expect(text).toMatch(/\r\n/);

    const { calendar, event } = firstEvent(text);
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    const start = event.getFirstPropertyValue("dtstart") as ICAL.Time;
    const end = event.getFirstPropertyValue("dtend") as ICAL.Time;
    expect(start.isDate).toBe(true);
    expect(start.toString()).toBe("2027-06-01");
    // DTEND is exclusive: the day after the last day.
    expect(end.isDate).toBe(true);
    expect(end.toString()).toBe("2027-06-22");
    expect(event.getFirstPropertyValue("summary")).toBe("Alps; huts, & peaks");
    expect(event.getFirstPropertyValue("location")).toContain("Zermatt");
    const geo = event.getFirstPropertyValue("geo") as unknown as number[];
    expect(geo[0]).toBeCloseTo(46.0207, 3);
    expect(geo[1]).toBeCloseTo(7.7491, 3);
    expect(event.getFirstPropertyValue("url")).toBe(`http://caravan.example.org/groups/${groupId}`);
    expect(event.getFirstPropertyValue("dtstamp")).toBeTruthy();
    const uid = event.getFirstPropertyValue("uid");
    expect(uid).toBe(`group-${groupId}@caravan.example.org`);

    // The same UID every time, so importing again updates the event rather than adding another.
    const again = firstEvent((await owner.client.get(`/api/groups/${groupId}/calendar.ics`)).body as string);
    expect(again.event.getFirstPropertyValue("uid")).toBe(uid);
  });

  it("a one-day trip ends the next day; a trip without dates answers 404 with a message", async () => {
    const owner = await buildUser(app);
    const dated = await buildGroup(app, owner, { startDate: new Date("2027-01-31T12:00:00Z") });
    const { event } = firstEvent((await owner.client.get(`/api/groups/${dated}/calendar.ics`)).body as string);
    expect((event.getFirstPropertyValue("dtstart") as ICAL.Time).toString()).toBe("2027-01-31");
    expect((event.getFirstPropertyValue("dtend") as ICAL.Time).toString()).toBe("2027-02-01");
    expect(event.getFirstPropertyValue("geo")).toBeNull();

    const undated = await buildGroup(app, owner);
    const res = await owner.client.get(`/api/groups/${undated}/calendar.ics`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: CALENDAR_TEXTS.noDates });
  });

  it("is for members only", async () => {
    const owner = await buildUser(app);
    const stranger = await buildUser(app);
    const groupId = await buildGroup(app, owner, { startDate: new Date("2027-01-31T12:00:00Z") });
    expect((await stranger.client.get(`/api/groups/${groupId}/calendar.ics`)).status).toBe(403);
    expect((await app.client().get(`/api/groups/${groupId}/calendar.ics`)).status).toBe(401);
  });
});
