import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  MESSAGE_MAX,
  SHARE_LIVE_MAX,
  SHARE_LOCATIONS_MAX,
  SHARE_TEXTS,
  VALIDATION,
  type SharedTrip as SharedTripView,
} from "@caravan/common";
import { SharedTrip, SharedTripLocation, SharedTripMessage } from "../../db/entities/index.js";
import type { Realtime } from "../../realtime/publisher.js";
import { recordRealtime, type PublishedEvent } from "../../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";
import { startSharedTripJobs } from "./shared-trips.jobs.js";
import { SharedTripsService } from "./shared-trips.service.js";

const HOUR = 3_600_000;

let app: TestApp;
let events: PublishedEvent[];
let evicted: Array<{ room: string; userId?: string }>;
/** The service's clock: tests move it instead of waiting. */
let now: Date;
let sharer: BuiltUser;
let watcher: BuiltUser;

/** A service on the test's clock that publishes through whatever realtime the app holds (the recorder). */
function clockedService(): SharedTripsService {
  const forward: Realtime = {
    publish: (room, event, payload) => app.services.realtime.publish(room, event, payload),
    evict: (room, userId) => app.services.realtime.evict(room, userId),
  };
  return new SharedTripsService(
    app.db,
    app.config,
    forward,
    app.services.log,
    app.services.geocoder,
    app.services.notifications,
    () => now,
  );
}

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: "http://caravan.example", SHARE_RETENTION_HOURS: "24" });
  events = recordRealtime(app);
  evicted = (app.services.realtime as unknown as { evicted: typeof evicted }).evicted;
  now = new Date();
  app.services.sharedTrips = clockedService();
  sharer = await buildUser(app, { firstName: "Sam", lastName: "Sharer" });
  watcher = await buildUser(app, { firstName: "Wendy", lastName: "Watcher" });
});
afterAll(() => app?.close());

beforeEach(() => {
  now = new Date(now.getTime() + 1000 * HOUR);
  events.length = 0;
  evicted.length = 0;
});

async function share(user: BuiltUser = sharer, durationHours = 2): Promise<SharedTripView> {
  const res = await user.client.post("/api/shared-trips", { durationHours });
  expect(res.status).toBe(201);
  return res.body;
}

const post = (user: BuiltUser | null, path: string, body: unknown) => (user?.client ?? app.client()).post(path, body);

describe("creating a share", () => {
  it("answers with a URL-safe token of at least 128 bits, the link, and the expiry", async () => {
    const res = await sharer.client.post("/api/shared-trips", { durationHours: 3 });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([
      "durationHours",
      "expiresAt",
      "fedBy",
      "hasTrail",
      "id",
      "isActive",
      "lastMessage",
      "shareToken",
      "shareUrl",
      "unreadMessages",
      "views",
      "watchersNow",
    ]);
    const { shareToken, shareUrl, expiresAt, isActive, durationHours } = res.body;
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(shareToken, "base64url").length * 8).toBeGreaterThanOrEqual(128);
    expect(shareUrl).toBe(`http://caravan.example/shared/${shareToken}`);
    expect(durationHours).toBe(3);
    expect(isActive).toBe(true);
    expect(new Date(expiresAt).getTime()).toBe(now.getTime() + 3 * HOUR);
  });

  it("gives every share its own token", async () => {
    const a = await share();
    const b = await share();
    expect(a.shareToken).not.toBe(b.shareToken);
  });

  it.each([[0], [73], [-1], [1.5], ["abc"], ["2"], [null], [undefined]])(
    "refuses durationHours %j",
    async (durationHours) => {
      const res = await sharer.client.post("/api/shared-trips", { durationHours });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SHARE_TEXTS.durationInvalid);
    },
  );

  it("accepts the bounds 1 and 72", async () => {
    expect((await share(sharer, 1)).durationHours).toBe(1);
    const long = await share(sharer, 72);
    expect(new Date(long.expiresAt).getTime()).toBe(now.getTime() + 72 * HOUR);
  });

  it("needs an account", async () => {
    expect((await post(null, "/api/shared-trips", { durationHours: 2 })).status).toBe(401);
    expect((await app.client().get("/api/shared-trips")).status).toBe(401);
  });

  it(`allows at most ${SHARE_LIVE_MAX} live shares at a time`, async () => {
    const busy = await buildUser(app);
    const made = [];
    for (let i = 0; i < SHARE_LIVE_MAX; i++) made.push(await share(busy));
    const refused = await busy.client.post("/api/shared-trips", { durationHours: 2 });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SHARE_TEXTS.liveLimit);
    expect(SHARE_TEXTS.liveLimit).toContain(String(SHARE_LIVE_MAX));
    await post(busy, `/api/shared-trips/${made[0]!.id}/stop`, {});
    await share(busy);
  });

  it("lists only the caller's own shares, newest first, with their live state", async () => {
    const owner = await buildUser(app);
    const first = await share(owner, 1);
    const second = await share(owner, 5);
    const mine = await owner.client.get("/api/shared-trips");
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([second, first]);
    const theirs = (await watcher.client.get("/api/shared-trips")).body as SharedTripView[];
    expect(theirs.map((t) => t.id)).not.toContain(first.id);

    now = new Date(now.getTime() + 2 * HOUR);
    const later = (await owner.client.get("/api/shared-trips")).body as SharedTripView[];
    expect(later.map((t) => [t.id, t.isActive])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
  });
});

describe("what a link holder sees", () => {
  it("the share's state and the sharer's name and picture, nothing else", async () => {
    const trip = await share();
    const res = await app.client().get(`/api/shared-trips/${trip.shareToken}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      isActive: true,
      expiresAt: trip.expiresAt,
      stopped: false,
      destination: null,
      sharer: { firstName: "Sam", lastName: "Sharer", profileImageUrl: null },
      viewerAuthorKey: null,
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(sharer.user.email);
    expect(text).not.toContain(sharer.user.id);
  });

  it("the destination the sharer named, and each position's speed, for the watchers' distance and ETA", async () => {
    const destination = { name: "Annecy", latitude: 45.8992, longitude: 6.1294 };
    const res = await sharer.client.post("/api/shared-trips", { durationHours: 2, destination });
    expect(res.status).toBe(201);
    const info = await app.client().get(`/api/shared-trips/${res.body.shareToken}`);
    expect(info.body.destination).toEqual({
      name: "Annecy",
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    });
    expect(info.body.destination.latitude).toBeCloseTo(45.8992, 3);
    const path = `/api/shared-trips/${res.body.shareToken}/locations`;
    const moving = await post(sharer, path, { latitude: 45.95, longitude: 6.13, speed: 13.5 });
    expect(moving.status).toBe(201);
    expect(moving.body.speed).toBeCloseTo(13.5, 3);
    expect((await post(sharer, path, { latitude: 45.95, longitude: 6.13 })).body.speed).toBeNull();
    expect((await app.client().get(path)).body[1].speed).toBeCloseTo(13.5, 3);
  });

  it.each([
    [{ destination: { name: "Annecy", latitude: 45.9 } }, VALIDATION.shareDestinationIncomplete],
    [{ destination: { name: "", latitude: 45.9, longitude: 6.1 } }, VALIDATION.shareDestinationIncomplete],
    [{ destination: { name: "Nowhere", latitude: 91, longitude: 6.1 } }, VALIDATION.latitudeRange],
    [{ destination: "Annecy" }, VALIDATION.shareDestinationIncomplete],
  ])("a destination %j is refused with 400 %s", async (extra, message) => {
    const res = await sharer.client.post("/api/shared-trips", { durationHours: 2, ...extra });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each([-1, 1001, "12"])("a speed of %j is refused with the speed message", async (speed) => {
    const trip = await share();
    const res = await post(sharer, `/api/shared-trips/${trip.shareToken}/locations`, {
      latitude: 1,
      longitude: 2,
      speed,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VALIDATION.speedInvalid);
  });

  it("404 with the Trip Not Found text for unknown or malformed tokens, on every public call", async () => {
    for (const token of ["A".repeat(43), "nope", "x".repeat(65), "bad*token!"]) {
      for (const suffix of ["", "/locations", "/messages"]) {
        const res = await app.client().get(`/api/shared-trips/${token}${suffix}`);
        expect(res.status, `${token}${suffix}`).toBe(404);
        expect(res.body.message).toBe(SHARE_TEXTS.notFound);
      }
    }
    expect(SHARE_TEXTS.notFound).toBe(
      "Trip Not Found. This shared trip link is invalid, expired, or has been stopped by the owner.",
    );
  });
});

describe("locations", () => {
  it("only the sharer posts; watchers read them latest first; the share room is told", async () => {
    const trip = await share();
    const path = `/api/shared-trips/${trip.shareToken}/locations`;
    const first = await post(sharer, path, { latitude: 48.8566, longitude: 2.3522, address: "Paris", notes: null });
    expect(first.status).toBe(201);
    expect(Object.keys(first.body).sort()).toEqual([
      "accuracy",
      "address",
      "createdAt",
      "id",
      "latitude",
      "longitude",
      "notes",
      "source",
      "speed",
    ]);
    expect(first.body).toMatchObject({
      latitude: 48.8566,
      longitude: 2.3522,
      address: "Paris",
      notes: null,
      source: "browser",
      accuracy: null,
      speed: null,
    });
    // Without an address the point is named like a group location, never shown as raw coordinates near a town.
    const second = await post(sharer, path, { latitude: 45.8992, longitude: 6.1294, address: null, notes: null });
    expect(second.body.address).toMatch(/^near Annecy, .+, France$/);

    expect(events).toEqual([
      { room: `share:${trip.shareToken}`, event: "share:location", payload: first.body },
      { room: `share:${trip.shareToken}`, event: "share:location", payload: second.body },
    ]);
    const read = await app.client().get(path);
    expect(read.status).toBe(200);
    expect(read.body).toEqual([second.body, first.body]);
  });

  it("401 signed out, 403 for anyone but the sharer, 404 unknown token; nothing stored", async () => {
    const trip = await share();
    const path = `/api/shared-trips/${trip.shareToken}/locations`;
    const body = { latitude: 1, longitude: 2, address: null, notes: null };
    expect((await post(null, path, body)).status).toBe(401);
    const other = await post(watcher, path, body);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(SHARE_TEXTS.sharerOnly);
    expect((await post(sharer, `/api/shared-trips/${"B".repeat(43)}/locations`, body)).status).toBe(404);
    expect((await app.client().get(path)).body).toEqual([]);
    expect(events).toEqual([]);
  });

  it.each([
    [{ latitude: 91, longitude: 0 }, VALIDATION.latitudeRange],
    [{ latitude: -90.5, longitude: 0 }, VALIDATION.latitudeRange],
    [{ latitude: 0, longitude: 180.1 }, VALIDATION.longitudeRange],
    [{ latitude: "north", longitude: 0 }, VALIDATION.latitudeNumber],
    [{ longitude: 0 }, VALIDATION.latitudeNumber],
    [{ latitude: 0 }, VALIDATION.longitudeNumber],
    [{ latitude: 0, longitude: 0, address: 12 }, VALIDATION.locationAddressText],
    [{ latitude: 0, longitude: 0, address: "a".repeat(501) }, VALIDATION.addressTooLong],
    [{ latitude: 0, longitude: 0, notes: 5 }, VALIDATION.locationNotesText],
  ])("refuses %j", async (body, message) => {
    const trip = await share();
    const res = await post(sharer, `/api/shared-trips/${trip.shareToken}/locations`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it(`returns at most ${SHARE_LOCATIONS_MAX}, the latest`, async () => {
    const trip = await share();
    const rows = Array.from({ length: SHARE_LOCATIONS_MAX + 5 }, (_, i) => ({
      sharedTripId: trip.id,
      latitude: i / 100,
      longitude: 0,
      address: null,
      notes: null,
    }));
    await app.db.getRepository(SharedTripLocation).insert(rows);
    const read = (await app.client().get(`/api/shared-trips/${trip.shareToken}/locations`)).body as Array<{
      latitude: number;
    }>;
    expect(read).toHaveLength(SHARE_LOCATIONS_MAX);
    expect(read[0]!.latitude).toBeCloseTo((SHARE_LOCATIONS_MAX + 4) / 100);
  });
});

describe("chat", () => {
  it("any signed-in user writes; everyone reads names only, oldest first; the share room is told", async () => {
    const trip = await share();
    const path = `/api/shared-trips/${trip.shareToken}/messages`;
    const fromWatcher = await post(watcher, path, { content: "  Are you there yet?  ", messageType: "text" });
    expect(fromWatcher.status).toBe(201);
    const fromSharer = await post(sharer, path, { content: "Ten minutes" });
    expect(fromSharer.status).toBe(201);

    expect(fromWatcher.body).toMatchObject({
      content: "Are you there yet?",
      messageType: "text",
      fromSharer: false,
      user: { firstName: "Wendy", lastName: "Watcher" },
    });
    expect(fromSharer.body.fromSharer).toBe(true);
    for (const m of [fromWatcher.body, fromSharer.body]) {
      expect(Object.keys(m).sort()).toEqual([
        "authorKey",
        "content",
        "createdAt",
        "fromSharer",
        "id",
        "messageType",
        "user",
      ]);
      expect(Object.keys(m.user).sort()).toEqual(["firstName", "lastName"]);
    }
    expect(events.filter((e) => e.room.startsWith("share:")).map((e) => [e.room, e.event, e.payload])).toEqual([
      [`share:${trip.shareToken}`, "share:message", fromWatcher.body],
      [`share:${trip.shareToken}`, "share:message", fromSharer.body],
    ]);

    const read = await app.client().get(path);
    expect(read.status).toBe(200);
    expect(read.body).toEqual([fromWatcher.body, fromSharer.body]);
    // Neither REST nor the socket payloads carry an author's account id or e-mail; authors are told apart by a
    // per-share key that the signed-in author alone learns is theirs.
    for (const text of [JSON.stringify(read.body), JSON.stringify(events.map((e) => e.payload))]) {
      expect(text).not.toContain("@");
      for (const u of [watcher.user, sharer.user]) {
        expect(text).not.toContain(u.email);
        expect(text).not.toContain(u.id);
      }
    }
    expect(fromWatcher.body.authorKey).not.toBe(fromSharer.body.authorKey);
    const asWatcher = await watcher.client.get(`/api/shared-trips/${trip.shareToken}`);
    expect(asWatcher.body.viewerAuthorKey).toBe(fromWatcher.body.authorKey);
    const other = await share();
    const elsewhere = await post(watcher, `/api/shared-trips/${other.shareToken}/messages`, { content: "hi" });
    expect(elsewhere.body.authorKey).not.toBe(fromWatcher.body.authorKey);
  });

  it("refuses a signed-out sender with the chat's sign-in text", async () => {
    const trip = await share();
    const res = await post(null, `/api/shared-trips/${trip.shareToken}/messages`, { content: "hello" });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Please log in to send messages");
  });

  it.each([
    [{ content: "" }, VALIDATION.messageRequired],
    [{ content: "  \n " }, VALIDATION.messageRequired],
    [{}, VALIDATION.messageRequired],
    [{ content: "x".repeat(MESSAGE_MAX + 1) }, VALIDATION.messageTooLong],
    [{ content: "hi", messageType: "html" }, VALIDATION.messageTypeInvalid],
  ])("refuses %j and stores nothing", async (body, message) => {
    const trip = await share();
    const res = await post(watcher, `/api/shared-trips/${trip.shareToken}/messages`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await app.client().get(`/api/shared-trips/${trip.shareToken}/messages`)).body).toEqual([]);
  });

  it("names a point far from any town by its coordinates", async () => {
    const trip = await share();
    const res = await post(sharer, `/api/shared-trips/${trip.shareToken}/locations`, {
      latitude: -40.5,
      longitude: -130.25,
      address: null,
    });
    expect(res.status).toBe(201);
    expect(res.body.address).toBe("-40.500000, -130.250000");
  });

  it("stores message text, addresses and notes encrypted", async () => {
    const trip = await share();
    await post(sharer, `/api/shared-trips/${trip.shareToken}/locations`, {
      latitude: 1,
      longitude: 2,
      address: "12 Secret Lane",
      notes: "Blue door",
    });
    await post(watcher, `/api/shared-trips/${trip.shareToken}/messages`, { content: "meet at the cafe" });
    const [loc] = await app.db.query(`SELECT address, notes FROM shared_trip_locations WHERE shared_trip_id = $1`, [
      trip.id,
    ]);
    const [msg] = await app.db.query(`SELECT content FROM shared_trip_messages WHERE shared_trip_id = $1`, [trip.id]);
    for (const stored of [loc.address, loc.notes, msg.content]) {
      expect(stored).toMatch(/^v1:/);
    }
    expect(JSON.stringify([loc, msg])).not.toMatch(/Secret|Blue|cafe/);
  });
});

describe("the sharer is told of watchers' messages", () => {
  it("a bell notice per watcher message, never for the sharer's own; the card counts them until the sharer reads", async () => {
    const trip = await share();
    const path = `/api/shared-trips/${trip.shareToken}/messages`;
    const bell = async () => (await sharer.client.get("/api/notifications")).body;
    const before = await bell();
    expect((await post(sharer, path, { content: "Leaving now" })).status).toBe(201);
    expect((await bell()).unreadCount).toBe(before.unreadCount);
    events.length = 0;

    const long = `Are you there yet?\n${"Still waiting at the station. ".repeat(5)}`;
    expect((await post(watcher, path, { content: long })).status).toBe(201);
    const after = await bell();
    expect(after.unreadCount).toBe(before.unreadCount + 1);
    const notice = after.notifications[0];
    expect(notice).toMatchObject({ kind: "share-message", groupId: null, shareToken: trip.shareToken, readAt: null });
    expect(notice.text).toBe("Wendy wrote on your shared trip");
    // Pushed to the sharer's own room, as the group notices are.
    expect(events.filter((e) => e.event === "notification:created")).toEqual([
      { room: `user:${sharer.user.id}`, event: "notification:created", payload: notice },
    ]);
    // Nobody else is told, the watcher included.
    expect((await watcher.client.get("/api/notifications")).body.notifications).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ shareToken: trip.shareToken })]),
    );

    await post(watcher, path, { content: "Found you!" });
    const card = async () =>
      ((await sharer.client.get("/api/shared-trips")).body as SharedTripView[]).find((t) => t.id === trip.id)!;
    expect(await card()).toMatchObject({
      unreadMessages: 2,
      lastMessage: { author: "Wendy", content: "Found you!" },
    });

    // A watcher reading the chat reads nothing of the sharer's; the sharer reading it reads its notices.
    await watcher.client.get(path);
    await app.client().get(path);
    expect((await card()).unreadMessages).toBe(2);
    await sharer.client.get(path);
    expect((await card()).unreadMessages).toBe(0);
    expect((await bell()).unreadCount).toBe(before.unreadCount);
  });
});

describe("stopping", () => {
  it("only the sharer stops it; 401, someone else's share 404 as a missing one, 400", async () => {
    const trip = await share();
    expect((await post(null, `/api/shared-trips/${trip.id}/stop`, {})).status).toBe(401);
    const other = await post(watcher, `/api/shared-trips/${trip.id}/stop`, {});
    const missing = await post(sharer, `/api/shared-trips/999999/stop`, {});
    expect(missing.status).toBe(404);
    expect(other).toMatchObject({ status: 404, body: missing.body });
    expect((await post(sharer, `/api/shared-trips/abc/stop`, {})).status).toBe(400);
    expect((await app.client().get(`/api/shared-trips/${trip.shareToken}`)).body.isActive).toBe(true);
    expect(events).toEqual([]);
  });

  it("ends it for every watcher at once: ended event, room emptied, location hidden, chat read-only", async () => {
    const trip = await share();
    const token = trip.shareToken;
    await post(sharer, `/api/shared-trips/${token}/locations`, {
      latitude: 10,
      longitude: 20,
      address: null,
      notes: null,
    });
    const said = await post(watcher, `/api/shared-trips/${token}/messages`, { content: "Safe travels" });
    events.length = 0;

    const stopped = await post(sharer, `/api/shared-trips/${trip.id}/stop`, {});
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ ...trip, isActive: false });
    expect(events).toEqual([
      { room: `share:${token}`, event: "share:ended", payload: { reason: "stopped", endedAt: now.toISOString() } },
    ]);
    expect(evicted).toEqual([{ room: `share:${token}`, userId: undefined }]);

    const ended = (await app.client().get(`/api/shared-trips/${token}`)).body;
    expect(ended).toMatchObject({ isActive: false, stopped: true });
    expect((await app.client().get(`/api/shared-trips/${token}/locations`)).body).toEqual([]);
    expect((await app.client().get(`/api/shared-trips/${token}/messages`)).body).toEqual([said.body]);

    const late = await post(sharer, `/api/shared-trips/${token}/locations`, {
      latitude: 1,
      longitude: 1,
      address: null,
    });
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(SHARE_TEXTS.ended);
    expect((await post(watcher, `/api/shared-trips/${token}/messages`, { content: "hello?" })).status).toBe(410);

    const again = await post(sharer, `/api/shared-trips/${trip.id}/stop`, {});
    expect(again.status).toBe(200);
    expect(events).toHaveLength(1);
    expect(evicted).toHaveLength(1);
    expect((await app.db.getRepository(SharedTrip).findOneByOrFail({ id: trip.id })).stoppedAt?.toISOString()).toBe(
      now.toISOString(),
    );
  });
});

describe("expiry", () => {
  it("a share ends by itself when its time is up, and the sweep announces it once", async () => {
    const trip = await share(sharer, 1);
    const token = trip.shareToken;
    await post(sharer, `/api/shared-trips/${token}/locations`, { latitude: 5, longitude: 6, address: null });
    events.length = 0;

    now = new Date(now.getTime() + HOUR - 1000);
    expect((await app.client().get(`/api/shared-trips/${token}`)).body.isActive).toBe(true);
    const mine = () => events.filter((e) => e.room === `share:${token}`);
    await app.services.sharedTrips.endExpired();
    expect(mine()).toEqual([]);

    now = new Date(now.getTime() + 1000);
    // Reads and writes treat it as ended at once, before any sweep has run; it ran out, nobody stopped it.
    expect((await app.client().get(`/api/shared-trips/${token}`)).body).toMatchObject({
      isActive: false,
      stopped: false,
    });
    expect((await app.client().get(`/api/shared-trips/${token}/locations`)).body).toEqual([]);
    expect((await post(sharer, `/api/shared-trips/${token}/locations`, { latitude: 5, longitude: 6 })).status).toBe(
      410,
    );
    expect((await post(watcher, `/api/shared-trips/${token}/messages`, { content: "hi" })).status).toBe(410);

    await app.services.sharedTrips.endExpired();
    await app.services.sharedTrips.endExpired();
    expect(mine()).toEqual([
      { room: `share:${token}`, event: "share:ended", payload: { reason: "expired", endedAt: trip.expiresAt } },
    ]);
    expect(evicted.filter((e) => e.room === `share:${token}`)).toHaveLength(1);
    const row = await app.db.getRepository(SharedTrip).findOneByOrFail({ id: trip.id });
    expect(row.isActive).toBe(false);
    expect(row.stoppedAt).toBeNull();
    expect((await app.client().get(`/api/shared-trips/${token}`)).body).toMatchObject({
      isActive: false,
      stopped: false,
    });
  });

  it("stopping a share that expired before any sweep ends it as expired, once", async () => {
    const trip = await share(sharer, 1);
    now = new Date(now.getTime() + 2 * HOUR);
    const res = await post(sharer, `/api/shared-trips/${trip.id}/stop`, {});
    expect(res.status).toBe(200);
    expect(res.body.isActive).toBe(false);
    const mine = events.filter((e) => e.room === `share:${trip.shareToken}`);
    expect(mine).toEqual([
      {
        room: `share:${trip.shareToken}`,
        event: "share:ended",
        payload: { reason: "expired", endedAt: trip.expiresAt },
      },
    ]);
    expect((await app.db.getRepository(SharedTrip).findOneByOrFail({ id: trip.id })).stoppedAt).toBeNull();
    await app.services.sharedTrips.endExpired();
    expect(events.filter((e) => e.room === `share:${trip.shareToken}`)).toHaveLength(1);
  });

  it("the background job sweeps as soon as it starts", async () => {
    const trip = await share(sharer, 1);
    now = new Date(now.getTime() + 2 * HOUR);
    const stop = startSharedTripJobs({ sharedTrips: app.services.sharedTrips, log: app.services.log });
    await stop();
    expect(events.filter((e) => e.room === `share:${trip.shareToken}`).map((e) => e.event)).toEqual(["share:ended"]);
  });
});

describe("retention", () => {
  const counts = async (tripId: number) => ({
    locations: await app.db.getRepository(SharedTripLocation).countBy({ sharedTripId: tripId }),
    messages: await app.db.getRepository(SharedTripMessage).countBy({ sharedTripId: tripId }),
  });

  async function withActivity(durationHours: number) {
    const trip = await share(sharer, durationHours);
    await post(sharer, `/api/shared-trips/${trip.shareToken}/locations`, { latitude: 1, longitude: 2, address: null });
    await post(watcher, `/api/shared-trips/${trip.shareToken}/messages`, { content: "hi" });
    return trip;
  }

  it("deletes locations and messages 24 h after a share ends (stopped or expired, whichever first), and only then", async () => {
    const start = now;
    const stoppedEarly = await withActivity(10);
    const expiring = await withActivity(2);
    const live = await withActivity(72);
    now = new Date(start.getTime() + HOUR);
    await post(sharer, `/api/shared-trips/${stoppedEarly.id}/stop`, {});

    // Stopped at +1 h: due at +25 h. Expired at +2 h: due at +26 h.
    now = new Date(start.getTime() + 25 * HOUR - 1000);
    await app.services.sharedTrips.purgeEnded();
    expect(await counts(stoppedEarly.id)).toEqual({ locations: 1, messages: 1 });
    expect(await counts(expiring.id)).toEqual({ locations: 1, messages: 1 });

    now = new Date(start.getTime() + 25 * HOUR);
    await app.services.sharedTrips.purgeEnded();
    expect(await counts(stoppedEarly.id)).toEqual({ locations: 0, messages: 0 });
    expect(await counts(expiring.id)).toEqual({ locations: 1, messages: 1 });
    // The ended share is still known: the page shows its ended state rather than Trip Not Found.
    expect((await app.client().get(`/api/shared-trips/${stoppedEarly.shareToken}`)).body.isActive).toBe(false);
    expect((await app.client().get(`/api/shared-trips/${stoppedEarly.shareToken}/messages`)).body).toEqual([]);

    // A new instance (as after a restart) holds no state of its own and finds the rest from the database.
    now = new Date(start.getTime() + 26 * HOUR);
    const afterRestart = clockedService();
    const deleted = await afterRestart.purgeEnded();
    expect(deleted.locations).toBeGreaterThanOrEqual(1);
    expect(await counts(expiring.id)).toEqual({ locations: 0, messages: 0 });
    expect(await counts(live.id)).toEqual({ locations: 1, messages: 1 });

    expect(await afterRestart.purgeEnded()).toEqual({ locations: 0, messages: 0 });
  });

  it("the retention period comes from SHARE_RETENTION_HOURS and is published in /api/config", async () => {
    expect((await app.client().get("/api/config")).body.shareRetentionHours).toBe(24);
    const other = await startTestApp({ SHARE_RETENTION_HOURS: "0" });
    try {
      expect((await other.client().get("/api/config")).body.shareRetentionHours).toBe(0);
    } finally {
      await other.close();
    }
  });
});
