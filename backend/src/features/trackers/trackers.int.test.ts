import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { INPUT_TEXTS, TRACKER_TEXTS as T, TRACKERS_MAX } from "@caravan/common";
import { SharedTripLocation, Tracker, TrackerGroupSharing, UserLocation } from "../../db/entities/index.js";
import { buildGroup, recordRealtime, type PublishedEvent } from "../../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";

let app: TestApp;
let events: PublishedEvent[];
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: "http://trips.example.org" });
  events = recordRealtime(app);
});
afterAll(() => app?.close());

/** The one-point-per-second rule is real: a test that needs a second stored point waits for the next second. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_050));

async function newTracker(owner: BuiltUser, name = "Phone") {
  const res = await owner.client.post("/api/trackers", { name });
  expect(res.status).toBe(201);
  return res.body as { id: number; token: string; urls: { owntracks: string; osmand: string } };
}

async function liveShare(owner: BuiltUser) {
  const res = await owner.client.post("/api/shared-trips", { durationHours: 2 });
  expect(res.status).toBe(201);
  return res.body as { id: number; shareToken: string };
}

const shareLocations = async (token: string) => (await app.client().get(`/api/shared-trips/${token}/locations`)).body;

/** What OwnTracks sends: JSON, HTTP Basic with any user name and the token as password, and its X-Limit headers. */
function owntracks(token: string, body: unknown, user = "jjolie") {
  return fetch(`${app.url}/api/ingest/owntracks`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      authorization: `Basic ${Buffer.from(`${user}:${token}`).toString("base64")}`,
      "x-limit-u": user,
      "x-limit-d": "phone",
    },
    body: JSON.stringify(body),
  });
}

/** OsmAnd, Traccar Client (before 9) and GPSLogger: a query string. */
const osmandGet = (query: string) => fetch(`${app.url}/api/ingest/osmand?${query}`);
/** The same fields as a form body. */
const osmandForm = (form: string) =>
  fetch(`${app.url}/api/ingest/osmand`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: form,
  });
/** Traccar Client 9: a JSON body. */
const traccarJson = (body: unknown) =>
  fetch(`${app.url}/api/ingest/osmand`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const nowS = () => Math.floor(Date.now() / 1000);

describe("trackers", () => {
  it("creates a tracker with a long url-safe token shown once, absolute urls, and lists it without the token", async () => {
    const owner = await buildUser(app);
    const created = await owner.client.post("/api/trackers", { name: "  Pixel 8  " });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: "Pixel 8", lastSeenAt: null });
    expect(created.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.body.urls).toEqual({
      owntracks: "http://trips.example.org/api/ingest/owntracks",
      osmand: `http://trips.example.org/api/ingest/osmand?id=${created.body.token}`,
    });
    const row = await app.db.getRepository(Tracker).findOneByOrFail({ id: created.body.id });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.body.token);

    const list = await owner.client.get("/api/trackers");
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: created.body.id,
        name: "Pixel 8",
        createdAt: created.body.createdAt,
        lastSeenAt: null,
        lastBattery: null,
        lastAccuracy: null,
      },
    ]);
    const other = await buildUser(app);
    expect((await other.client.get("/api/trackers")).body).toEqual([]);
  });

  it("refuses visitors, bad names, an eleventh tracker, and deleting someone else's", async () => {
    expect((await app.client().post("/api/trackers", { name: "x" })).status).toBe(401);
    expect((await app.client().get("/api/trackers")).status).toBe(401);
    const owner = await buildUser(app);
    expect((await owner.client.post("/api/trackers", { name: "  " })).body.message).toBe(T.nameRequired);
    expect((await owner.client.post("/api/trackers", { name: "x".repeat(51) })).body.message).toBe(T.nameTooLong);
    for (let i = 0; i < TRACKERS_MAX; i++) await newTracker(owner, `Phone ${i}`);
    const eleventh = await owner.client.post("/api/trackers", { name: "One more" });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe(T.limit);

    const [first] = (await owner.client.get("/api/trackers")).body;
    const other = await buildUser(app);
    expect((await other.client.delete(`/api/trackers/${first.id}`)).status).toBe(404);
    expect((await owner.client.delete(`/api/trackers/${first.id}`)).status).toBe(204);
    expect((await owner.client.get("/api/trackers")).body).toHaveLength(TRACKERS_MAX - 1);
  });
});

describe("OwnTracks HTTP mode", () => {
  it("stores a location in the live share with km/h turned into m/s, answers [] and pushes it", async () => {
    const owner = await buildUser(app);
    const tracker = await newTracker(owner);
    const share = await liveShare(owner);
    events.length = 0;
    const tst = nowS() - 10;
    // The documented payload (owntracks booklet, JSON: _type location), with a current timestamp.
    const res = await owntracks(tracker.token, {
      _type: "location",
      acc: 15,
      alt: 440,
      batt: 46,
      conn: "w",
      lat: 46.0681247,
      lon: 11.1512805,
      t: "u",
      tid: "5t",
      tst,
      vac: 2,
      vel: 36,
      cog: 271,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);

    const [current] = await shareLocations(share.shareToken);
    expect(current).toMatchObject({ latitude: 46.068123, longitude: 11.15128, source: "app", accuracy: 15 });
    expect(current.speed).toBeCloseTo(10, 5);
    // Named like a point from the browser, not left as bare coordinates.
    expect(current.address).toBe("near Povo, Trentino-Alto Adige, Italy");
    expect(current.createdAt).toBe(new Date(tst * 1000).toISOString());
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ room: `share:${share.shareToken}`, event: "share:location" });
    const { latitude, longitude, ...rest } = current;
    expect(events[0]!.payload).toMatchObject(rest);
    expect(events[0]!.payload.latitude).toBeCloseTo(latitude, 5);
    expect(events[0]!.payload.longitude).toBeCloseTo(longitude, 5);

    const [listed] = (await owner.client.get("/api/trackers")).body;
    expect(listed).toMatchObject({ lastBattery: 46, lastAccuracy: 15 });
    expect(listed.lastSeenAt).not.toBeNull();
    const mine = (await owner.client.get("/api/shared-trips")).body;
    expect(mine[0]).toMatchObject({ id: share.id, fedBy: "Phone" });
  });

  it("answers the other message types with [] and stores nothing; refuses encrypted payloads with a message", async () => {
    const owner = await buildUser(app);
    const tracker = await newTracker(owner);
    const share = await liveShare(owner);
    for (const body of [
      { _type: "lwt", tst: nowS() },
      { _type: "transition", event: "enter", desc: "Home", lat: 1, lon: 1, tst: nowS(), wtst: 1, acc: 10, tid: "5t" },
      { _type: "waypoint", desc: "Home", lat: 1, lon: 1, rad: 100, tst: nowS() },
      { _type: "status", android: {} },
      { _type: "card", name: "Jane" },
      { _type: "cmd", action: "reportLocation" },
      {},
    ]) {
      const res = await owntracks(tracker.token, body);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    }
    const encrypted = await owntracks(tracker.token, { _type: "encrypted", data: "b64" });
    expect(encrypted.status).toBe(400);
    expect(((await encrypted.json()) as { message: string }).message).toBe(T.encryptedUnsupported);
    expect(await shareLocations(share.shareToken)).toEqual([]);
  });

  it("refuses unknown, missing and deleted tokens with 401, and malformed points with 400, storing nothing", async () => {
    const owner = await buildUser(app);
    const tracker = await newTracker(owner);
    const share = await liveShare(owner);
    const point = { _type: "location", lat: 48.85833, lon: 2.29513, tst: nowS() };
    expect((await owntracks("A".repeat(43), point)).status).toBe(401);
    expect((await fetch(`${app.url}/api/ingest/owntracks`, { method: "POST", body: "{}" })).status).toBe(401);

    for (const [bad, message] of [
      [{ ...point, lat: 91 }, T.latitudeInvalid],
      [{ ...point, lon: "east" }, T.longitudeInvalid],
      [{ ...point, lat: undefined }, T.latitudeInvalid],
      [{ ...point, tst: "yesterday" }, T.timestampInvalid],
      [{ ...point, tst: nowS() + 600 }, T.inFuture],
    ] as const) {
      const res = await owntracks(tracker.token, bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    expect(await shareLocations(share.shareToken)).toEqual([]);

    expect((await owner.client.delete(`/api/trackers/${tracker.id}`)).status).toBe(204);
    const afterDelete = await owntracks(tracker.token, point);
    expect(afterDelete.status).toBe(401);
    expect(((await afterDelete.json()) as { message: string }).message).toBe(T.unknownToken);
    expect(await shareLocations(share.shareToken)).toEqual([]);
  });

  it("answers 200 and drops a point when no share is live, and a second point within the same second", async () => {
    const owner = await buildUser(app);
    const tracker = await newTracker(owner);
    const point = { _type: "location", lat: 48.85833, lon: 2.29513, tst: nowS() };
    expect((await owntracks(tracker.token, point)).status).toBe(200);
    const share = await liveShare(owner);
    // A second later in the point's own time is a new point; another within that second is not.
    expect((await owntracks(tracker.token, { ...point, lat: 48.9, tst: point.tst + 1 })).status).toBe(200);
    expect((await owntracks(tracker.token, { ...point, lat: 49, tst: point.tst + 1 })).status).toBe(200);
    const stored = await shareLocations(share.shareToken);
    expect(stored.map((l: { latitude: number }) => l.latitude)).toEqual([48.9]);
  });
});

describe("a backlog queued while offline", () => {
  it("keeps every point when the app sends them back to back, a minute apart in their own time", async () => {
    const owner = await buildUser(app);
    const tracker = await newTracker(owner);
    const share = await liveShare(owner);
    const t = nowS() - 5 * 60;
    // OwnTracks empties its queue oldest first, each message its own request, as fast as the server answers.
    for (let i = 0; i < 5; i++) {
      const res = await owntracks(tracker.token, { _type: "location", lat: 46 + i / 100, lon: 7, tst: t + i * 60 });
      expect(res.status).toBe(200);
    }
    const trail = await shareLocations(share.shareToken);
    expect(trail.map((l: { latitude: number }) => l.latitude)).toEqual([46.04, 46.03, 46.02, 46.01, 46]);
    // A repeat of the newest point's second, sent again by an app that did not see the answer, is not a new point.
    expect((await owntracks(tracker.token, { _type: "location", lat: 46.05, lon: 7, tst: t + 4 * 60 })).status).toBe(
      200,
    );
    expect(await shareLocations(share.shareToken)).toHaveLength(5);
  });
});

describe("what a tracker's point leaves behind", () => {
  it("a stopped share gets no more points; heading and altitude are not kept anywhere", async () => {
    const owner = await buildUser(app);
    const tracker = await newTracker(owner);
    const share = await liveShare(owner);
    const t = nowS();
    const sent = await osmandGet(`id=${tracker.token}&lat=10&lon=10&timestamp=${t}&bearing=123.5&altitude=4321`);
    expect(sent.status).toBe(200);
    const [row] = await app.db.query(`SELECT * FROM shared_trip_locations WHERE tracker_id = $1`, [tracker.id]);
    const [trackerRow] = await app.db.query(`SELECT * FROM trackers WHERE id = $1`, [tracker.id]);
    // Compared as numbers, column by column: a token hash or an id may hold the digits "4321" by chance.
    for (const stored of [row, trackerRow] as Record<string, unknown>[]) {
      const numbers = Object.values(stored).map(Number);
      expect(numbers).not.toContain(123.5);
      expect(numbers).not.toContain(4321);
      expect(Object.keys(stored).join(" ")).not.toMatch(/heading|bearing|altitude|course/);
    }
    expect((await owner.client.post(`/api/shared-trips/${share.id}/stop`)).status).toBe(200);
    await nextSecond();
    expect((await osmandGet(`id=${tracker.token}&lat=11&lon=11`)).status).toBe(200);
    expect(await app.db.getRepository(SharedTripLocation).countBy({ sharedTripId: share.id })).toBe(1);
  });
});

describe("OsmAnd protocol", () => {
  it("accepts every documented query variant, in knots, as GET, form POST and Traccar Client JSON", async () => {
    const owner = await buildUser(app);
    const share = await liveShare(owner);
    const t = nowS() - 60;
    const iso = new Date(t * 1000).toISOString().replace(/\.000Z$/, "Z");
    const spaced = iso.replace("T", " ").replace("Z", "");
    // The variants of traccar's OsmAndProtocolDecoderTest, with current timestamps and our token as the id.
    const variants: Array<[string, (token: string) => Promise<Response>, { latitude: number; longitude: number }]> = [
      [
        "iso",
        (k) =>
          osmandGet(
            `id=${k}&lat=42.06288&lon=-88.23412&timestamp=${encodeURIComponent(iso)}&hdop=6.0&altitude=224.0&speed=0.0`,
          ),
        { latitude: 42.06288, longitude: -88.23412 },
      ],
      [
        "ms",
        (k) => osmandGet(`id=${k}&lat=42.06288&lon=-88.23412&timestamp=${t * 1000}&hdop=6.0&altitude=224.0&speed=0.0`),
        { latitude: 42.06288, longitude: -88.23412 },
      ],
      [
        "spaced",
        (k) =>
          osmandGet(
            `lat=49.60688&lon=6.15788&timestamp=${spaced.replace(" ", "+").replace(/:/g, "%3A")}&altitude=384.7&speed=0.0&id=${k}`,
          ),
        { latitude: 49.60688, longitude: 6.15788 },
      ],
      [
        "seconds",
        (k) => osmandGet(`id=${k}&timestamp=${t}&lat=60.0&lon=30.0&speed=0.0&bearing=0.0&altitude=0&hdop=0.0`),
        { latitude: 60, longitude: 30 },
      ],
      [
        "deviceid",
        (k) => osmandGet(`lat=60.0&lon=30.0&speed=0.0&heading=0.0&vacc=0&hacc=0&altitude=0&deviceid=${k}`),
        { latitude: 60, longitude: 30 },
      ],
      [
        "batt",
        (k) => osmandGet(`id=${k}&lat=41.666667&lon=-0.883333&altitude=350.059479&speed=0.000000&batt=87`),
        { latitude: 41.666667, longitude: -0.883333 },
      ],
      ["location", (k) => osmandGet(`id=${k}&timestamp=${t}&location=60.0,30.0`), { latitude: 60, longitude: 30 }],
      [
        "knots",
        (k) =>
          osmandGet(
            `id=${k}&timestamp=${t}&lat=40.7232948571&lon=-74.0061408571&bearing=7.19889788244&speed=40&ignition=true&rpm=933&fuel=24`,
          ),
        { latitude: 40.723295, longitude: -74.006141 },
      ],
      [
        "form",
        (k) => osmandForm(`id=${k}&lat=60.5&lon=30.5&timestamp=${t}&accuracy=12&batt=55`),
        { latitude: 60.5, longitude: 30.5 },
      ],
      // Traccar Client before 9 (ProtocolFormatter + RequestManager): the fields in the URL, POST, an empty body.
      [
        "post-query",
        (k) =>
          fetch(
            `${app.url}/api/ingest/osmand?id=${k}&timestamp=${t}&lat=59.9&lon=10.7&speed=1.2&bearing=33.0&altitude=12.0&accuracy=9.0&batt=64.0&charge=true`,
            { method: "POST" },
          ),
        { latitude: 59.9, longitude: 10.7 },
      ],
      [
        "post-query-form",
        (k) =>
          fetch(`${app.url}/api/ingest/osmand?id=${k}&timestamp=${t}&lat=59.91&lon=10.71&accuracy=9.0`, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
          }),
        { latitude: 59.91, longitude: 10.71 },
      ],
      [
        "json",
        (k) =>
          traccarJson({
            device_id: k,
            location: {
              timestamp: iso,
              coords: { latitude: 52.1, longitude: 4.3, accuracy: 8, speed: 3.5, heading: 90, altitude: 2 },
              battery: { level: 0.42, is_charging: false },
              is_moving: true,
            },
          }),
        { latitude: 52.1, longitude: 4.3 },
      ],
    ];
    for (const [name, send, where] of variants) {
      const tracker = await newTracker(owner, name);
      const res = await send(tracker.token);
      expect(res.status, name).toBe(200);
      expect(await res.text(), name).toBe("");
      const [latest] = await app.db
        .getRepository(SharedTripLocation)
        .find({ where: { trackerId: tracker.id, sharedTripId: share.id } });
      expect(latest, name).toMatchObject({ source: "app" });
      expect(latest!.latitude, name).toBeCloseTo(where.latitude, 4);
      expect(latest!.longitude, name).toBeCloseTo(where.longitude, 4);
      if (name === "knots") expect(latest!.speed).toBeCloseTo(40 * 0.514444, 3);
      if (name === "json") expect(latest).toMatchObject({ accuracy: 8, speed: 3.5 });
      if (name === "post-query") expect(latest).toMatchObject({ accuracy: 9 });
      if (name !== "deviceid" && name !== "batt") expect(latest!.createdAt.getTime(), name).toBe(t * 1000);
      await owner.client.delete(`/api/trackers/${tracker.id}`);
    }
    const json = (await owner.client.get("/api/trackers")).body;
    expect(json).toEqual([]);
  });

  it("keeps battery of Traccar Client JSON in percent, and -1 speed as unknown", async () => {
    const owner = await buildUser(app);
    const share = await liveShare(owner);
    const tracker = await newTracker(owner);
    const res = await traccarJson({
      device_id: tracker.token,
      location: {
        timestamp: new Date().toISOString(),
        coords: { latitude: 1.5, longitude: 2.5, speed: -1, heading: -1, accuracy: 5 },
        battery: { level: 0.8 },
      },
    });
    expect(res.status).toBe(200);
    expect((await owner.client.get("/api/trackers")).body[0]).toMatchObject({ lastBattery: 80, lastAccuracy: 5 });
    expect((await shareLocations(share.shareToken))[0]).toMatchObject({ speed: null, accuracy: 5 });
  });

  it("refuses unknown and missing ids with 401 and bad values with 400, storing nothing", async () => {
    const owner = await buildUser(app);
    const share = await liveShare(owner);
    const tracker = await newTracker(owner);
    expect((await osmandGet(`id=nope&lat=1&lon=1`)).status).toBe(401);
    expect((await osmandGet(`lat=1&lon=1`)).status).toBe(401);
    for (const [query, message] of [
      [`lat=1`, T.longitudeInvalid],
      [`lat=100&lon=1`, T.latitudeInvalid],
      [`lat=1&lon=1e400`, T.longitudeInvalid],
      [`location=1`, T.locationInvalid],
      [`lat=1&lon=1&timestamp=soon`, T.timestampInvalid],
      [`lat=1&lon=1&timestamp=${nowS() + 3600}`, T.inFuture],
    ] as const) {
      const res = await osmandGet(`id=${tracker.token}&${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message, query).toBe(message);
    }
    const badJson = await traccarJson({ device_id: tracker.token, location: "here" });
    expect(badJson.status).toBe(400);
    expect(await shareLocations(share.shareToken)).toEqual([]);
  });

  it("a token of another user never lands a point in someone else's share or group", async () => {
    const alice = await buildUser(app);
    const bob = await buildUser(app);
    const aliceShare = await liveShare(alice);
    const groupId = await buildGroup(app, alice, { members: [bob] });
    expect((await alice.client.put(`/api/groups/${groupId}/tracker-sharing`, { enabled: true })).status).toBe(200);
    const bobs = await newTracker(bob);
    expect((await osmandGet(`id=${bobs.token}&lat=10&lon=10`)).status).toBe(200);
    expect(await shareLocations(aliceShare.shareToken)).toEqual([]);
    expect(await app.db.getRepository(UserLocation).countBy({ groupId })).toBe(0);
  });

  it("an older point joins the trail but does not replace the current position", async () => {
    const owner = await buildUser(app);
    const share = await liveShare(owner);
    const tracker = await newTracker(owner);
    const t = nowS();
    expect((await osmandGet(`id=${tracker.token}&lat=10&lon=10&timestamp=${t}`)).status).toBe(200);
    await nextSecond();
    expect((await osmandGet(`id=${tracker.token}&lat=9&lon=9&timestamp=${t - 120}`)).status).toBe(200);
    const trail = await shareLocations(share.shareToken);
    expect(trail.map((l: { latitude: number }) => l.latitude)).toEqual([10, 9]);
  });
});

describe("tracker sharing in groups", () => {
  it("is off by default; when on, points update the member's group location through the skip rule", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    const tracker = await newTracker(member);
    expect((await member.client.get(`/api/groups/${groupId}/tracker-sharing`)).body).toEqual({
      enabled: false,
      lastSeenAt: null,
      lastBattery: null,
    });
    expect((await osmandGet(`id=${tracker.token}&lat=45.9&lon=6.1`)).status).toBe(200);
    expect(await app.db.getRepository(UserLocation).countBy({ groupId })).toBe(0);

    const on = await member.client.put(`/api/groups/${groupId}/tracker-sharing`, { enabled: true });
    expect(on.status).toBe(200);
    expect(on.body.enabled).toBe(true);
    expect(on.body.lastSeenAt).not.toBeNull();
    events.length = 0;
    await nextSecond();
    expect((await osmandGet(`id=${tracker.token}&lat=45.8992&lon=6.1294&batt=64`)).status).toBe(200);
    const list = (await owner.client.get(`/api/groups/${groupId}/locations`)).body;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ userId: member.user.id, latitude: 45.8992, longitude: 6.1294 });
    expect(events.filter((e) => e.room === `group:${groupId}` && e.event === "location:updated")).toHaveLength(1);
    expect((await member.client.get(`/api/groups/${groupId}/tracker-sharing`)).body.lastBattery).toBe(64);

    // A move within 0.0001 degrees is skipped, as browser tracking skips it.
    events.length = 0;
    await nextSecond();
    expect((await osmandGet(`id=${tracker.token}&lat=45.89925&lon=6.12945`)).status).toBe(200);
    expect(events.filter((e) => e.room === `group:${groupId}`)).toEqual([]);
    const row = await app.db.getRepository(UserLocation).findOneByOrFail({ groupId, userId: member.user.id });
    expect(row.latitude).toBeCloseTo(45.8992, 5);

    const off = await member.client.put(`/api/groups/${groupId}/tracker-sharing`, { enabled: false });
    expect(off.body.enabled).toBe(false);
    await nextSecond();
    expect((await osmandGet(`id=${tracker.token}&lat=46.5&lon=6.5`)).status).toBe(200);
    const after = await app.db.getRepository(UserLocation).findOneByOrFail({ groupId, userId: member.user.id });
    expect(after.latitude).toBeCloseTo(45.8992, 5);
  });

  it("is switched off when the member leaves, and is for members only", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const outsider = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    expect((await app.client().put(`/api/groups/${groupId}/tracker-sharing`, { enabled: true })).status).toBe(401);
    expect((await outsider.client.put(`/api/groups/${groupId}/tracker-sharing`, { enabled: true })).status).toBe(403);
    expect((await outsider.client.get(`/api/groups/${groupId}/tracker-sharing`)).status).toBe(403);
    const bad = await member.client.put(`/api/groups/${groupId}/tracker-sharing`, { enabled: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(T.enabledInvalid);

    expect((await member.client.put(`/api/groups/${groupId}/tracker-sharing`, { enabled: true })).status).toBe(200);
    expect(await app.db.getRepository(TrackerGroupSharing).countBy({ groupId, userId: member.user.id })).toBe(1);
    expect((await member.client.delete(`/api/groups/${groupId}/members/${member.user.id}`)).status).toBe(204);
    expect(await app.db.getRepository(TrackerGroupSharing).countBy({ groupId, userId: member.user.id })).toBe(0);
    const tracker = await newTracker(member);
    expect((await osmandGet(`id=${tracker.token}&lat=10&lon=10`)).status).toBe(200);
    expect(await app.db.getRepository(UserLocation).countBy({ groupId })).toBe(0);
  });
});

describe("a point's optional fields and its position", () => {
  const trackerRow = async (id: number) =>
    (
      (await app.db.query(
        `SELECT last_battery, last_accuracy, last_seen_at, last_stored_at, last_point_at FROM trackers WHERE id = $1`,
        [id],
      )) as Array<Record<string, unknown>>
    )[0];

  it("keeps an OwnTracks point whose speed is out of range, without the speed, and drops only its repeat", async () => {
    const owner = await buildUser(app);
    const tracker = await newTracker(owner);
    const share = await liveShare(owner);
    const point = { _type: "location", lat: 46.0681, lon: 11.1513, tst: nowS(), acc: 12, batt: 40 };
    const res = await owntracks(tracker.token, { ...point, vel: 1.5e39 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    const [stored] = await shareLocations(share.shareToken);
    expect(stored).toMatchObject({ latitude: 46.0681, longitude: 11.1513, speed: null, accuracy: 12 });
    expect((await owner.client.get("/api/trackers")).body[0]).toMatchObject({ lastBattery: 40, lastAccuracy: 12 });
    // The app resending that second with a sane speed is a repeat of a stored point, not a lost one.
    expect((await owntracks(tracker.token, { ...point, vel: 36 })).status).toBe(200);
    expect(await shareLocations(share.shareToken)).toHaveLength(1);
  });

  it("drops every optional field out of range or not a number, in each protocol, and keeps the point", async () => {
    const owner = await buildUser(app);
    const share = await liveShare(owner);
    const t = nowS();
    const sends: Array<[string, (token: string) => Promise<Response>]> = [
      [
        "owntracks",
        (k) =>
          owntracks(k, {
            _type: "location",
            lat: 10,
            lon: 10,
            tst: t,
            vel: -5,
            cog: 400,
            batt: 140,
            acc: "far",
            alt: 1e9,
          }),
      ],
      ["osmand", (k) => osmandGet(`id=${k}&lat=10&lon=10&timestamp=${t}&speed=fast&batt=101&accuracy=1e40&bearing=-2`)],
      ["form", (k) => osmandForm(`id=${k}&lat=10&lon=10&timestamp=${t}&speed=1e300&batt=full&hdop=x&altitude=high`)],
      [
        "traccar",
        (k) =>
          traccarJson({
            device_id: k,
            location: {
              timestamp: new Date(t * 1000).toISOString(),
              coords: { latitude: 10, longitude: 10, speed: 2000, heading: "west", accuracy: -3, altitude: "sea" },
              battery: { level: 7 },
            },
          }),
      ],
    ];
    for (const [name, send] of sends) {
      const tracker = await newTracker(owner, name);
      const res = await send(tracker.token);
      expect(res.status, name).toBe(200);
      const rows = await app.db
        .getRepository(SharedTripLocation)
        .findBy({ trackerId: tracker.id, sharedTripId: share.id });
      expect(rows, name).toHaveLength(1);
      expect(rows[0], name).toMatchObject({ latitude: 10, longitude: 10, speed: null, accuracy: null });
      const row = await trackerRow(tracker.id);
      expect(row, name).toMatchObject({ last_battery: null, last_accuracy: null });
      expect(row!.last_stored_at, name).not.toBeNull();
    }
  });

  it("refuses a point without a usable position and leaves the tracker as it was; that second stays free", async () => {
    const owner = await buildUser(app);
    const tracker = await newTracker(owner);
    const share = await liveShare(owner);
    const t = nowS() - 60;
    expect(
      (await owntracks(tracker.token, { _type: "location", lat: 45, lon: 7, tst: t, batt: 80, acc: 5 })).status,
    ).toBe(200);
    const before = await trackerRow(tracker.id);

    const point = { _type: "location", lat: 46, lon: 7, tst: t + 1, batt: 20, acc: 99, vel: 1.5e39 };
    for (const [bad, message] of [
      [{ ...point, lat: 91 }, T.latitudeInvalid],
      [{ ...point, lat: "north" }, T.latitudeInvalid],
      [{ ...point, lon: undefined }, T.longitudeInvalid],
      [{ ...point, tst: "yesterday" }, T.timestampInvalid],
    ] as const) {
      const res = await owntracks(tracker.token, bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
    for (const query of [`lat=1e400&lon=7&timestamp=${t + 1}&batt=20&accuracy=99`, `location=46&timestamp=${t + 1}`]) {
      expect((await osmandGet(`id=${tracker.token}&${query}`)).status, query).toBe(400);
    }
    expect(await trackerRow(tracker.id)).toEqual(before);

    expect((await owntracks(tracker.token, point)).status).toBe(200);
    const trail = await shareLocations(share.shareToken);
    expect(trail.map((l: { latitude: number; speed: number | null }) => [l.latitude, l.speed])).toEqual([
      [46, null],
      [45, null],
    ]);
    expect(await trackerRow(tracker.id)).toMatchObject({ last_battery: 20, last_accuracy: 99 });
  });
});

describe("a point that fails to store", () => {
  it("leaves the tracker as it was, so the app's resend of that point is stored, not dropped as a repeat", async () => {
    const owner = await buildUser(app);
    const tracker = await newTracker(owner);
    const share = await liveShare(owner);
    const before = (await owner.client.get("/api/trackers")).body[0];
    const point = { _type: "location", lat: 47.3769, lon: 8.5417, tst: nowS() - 30, batt: 55, acc: 8 };
    // The database refuses the point's row (a lost connection, a failover): the app gets an error and keeps it.
    const store = vi
      .spyOn(app.services.sharedTrips, "storeTrackerPoint")
      .mockRejectedValueOnce(Object.assign(new Error("Connection terminated"), { code: "57P01" }));
    try {
      const failed = await owntracks(tracker.token, point);
      expect(failed.status).toBeGreaterThanOrEqual(500);
    } finally {
      store.mockRestore();
    }
    expect(await shareLocations(share.shareToken)).toEqual([]);
    expect((await owner.client.get("/api/trackers")).body[0]).toEqual(before);

    expect((await owntracks(tracker.token, point)).status).toBe(200);
    expect(await shareLocations(share.shareToken)).toMatchObject([{ latitude: 47.3769, longitude: 8.5417 }]);
  });
});

describe("the token comes first, and no value is long enough to slow a parser", () => {
  /** 99,000 digits and a letter: the number pattern the ingest once had took seconds over it, holding the server. */
  const DIGITS = `${"1".repeat(99_000)}x`;
  /** Long, yet short enough for a query string (Node takes 16 kB of headers) and below the input cap. */
  const SHORTER = `${"1".repeat(15_000)}x`;

  it("refuses a 99,000-digit latitude, signed out, in a form, a query string and Traccar Client's JSON", async () => {
    const form = await osmandForm(`lat=${DIGITS}&lon=1`);
    expect(form.status).toBe(400);
    expect(((await form.json()) as { message: string }).message).toBe(INPUT_TEXTS.valueTooLong);
    const json = await traccarJson({ location: { coords: { latitude: DIGITS, longitude: 1 } } });
    expect(json.status).toBe(400);
    expect(((await json.json()) as { message: string }).message).toBe(INPUT_TEXTS.valueTooLong);
    // Node itself refuses a request line this long (431) before the app sees it.
    const query = await osmandGet(`lat=${DIGITS}&lon=1`);
    expect(query.status).toBeGreaterThanOrEqual(400);
    expect(query.status).toBeLessThan(500);
  });

  it("refuses the same with a working token, and a long number under the cap as an invalid position", async () => {
    const owner = await buildUser(app);
    const tracker = await newTracker(owner);
    const form = await osmandForm(`id=${tracker.token}&lat=${DIGITS}&lon=1`);
    expect(form.status).toBe(400);
    expect(((await form.json()) as { message: string }).message).toBe(INPUT_TEXTS.valueTooLong);
    for (const res of [
      await osmandGet(`id=${tracker.token}&lat=${SHORTER}&lon=1`),
      await osmandForm(`id=${tracker.token}&lat=${SHORTER}&lon=1`),
      await traccarJson({ device_id: tracker.token, location: { coords: { latitude: SHORTER, longitude: 1 } } }),
      await owntracks(tracker.token, { _type: "location", lat: SHORTER, lon: 1 }),
    ]) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(T.latitudeInvalid);
    }
  });

  it("answers 401 to a missing or wrong token before reading the point, however malformed", async () => {
    for (const res of [
      await osmandGet(`lat=${SHORTER}&lon=1`),
      await osmandGet(`id=${"A".repeat(43)}&lat=north&lon=1`),
      await osmandGet(`id=nope&location=1`),
      await osmandForm(`id=${"A".repeat(43)}&lat=${SHORTER}&lon=1&timestamp=soon`),
      await traccarJson({ device_id: "A".repeat(43), location: "here" }),
      await traccarJson({ location: { coords: { latitude: SHORTER, longitude: 1 } } }),
      await owntracks("A".repeat(43), { _type: "location", lat: 91, lon: "east" }),
    ]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as { message: string }).message).toBe(T.unknownToken);
    }
  });
});
