import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_TEXTS } from "@caravan/common";
import { SharedTrip } from "../../db/entities/index.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";
import { openSocket, subscribe, unsubscribe, type TestSocket } from "../../../test/sockets.js";

let app: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app?.close();
});

async function share(sharer: BuiltUser): Promise<{ id: number; token: string }> {
  const res = await sharer.client.post("/api/shared-trips", { durationHours: 2 });
  expect(res.status).toBe(201);
  return { id: res.body.id, token: res.body.shareToken };
}
const mine = async (sharer: BuiltUser, id: number) =>
  (
    (await sharer.client.get("/api/shared-trips")).body as Array<{ id: number; views: number; watchersNow: number }>
  ).find((t) => t.id === id)!;

describe("who opened a share", () => {
  it("counts each browser once, not the sharer, and stores no IP address, only a keyed hash of the cookie id", async () => {
    const sharer = await buildUser(app);
    const { id, token } = await share(sharer);
    expect(await mine(sharer, id)).toMatchObject({ views: 0, watchersNow: 0 });

    const first = app.client();
    const opened = await first.get(`/api/shared-trips/${token}`);
    expect(opened.status).toBe(200);
    const cookie = first.cookies.get("caravan.viewer")!;
    expect(cookie).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(opened.headers.get("set-cookie")).toMatch(/path=\/api\/shared-trips; .*httponly/i);
    // Polling again, from the same browser, is not another view.
    await first.get(`/api/shared-trips/${token}`);
    await first.get(`/api/shared-trips/${token}`);
    // A second browser, forwarded from some address: counted, and the address kept nowhere.
    const second = app.client();
    await second.get(`/api/shared-trips/${token}`, { "x-forwarded-for": "203.0.113.77" });
    // The sharer looking at their own page is not a view.
    await sharer.client.get(`/api/shared-trips/${token}`);
    expect((await mine(sharer, id)).views).toBe(2);

    const columns = (await app.db.query(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'shared_trip_views' ORDER BY column_name`,
    )) as Array<{ column_name: string }>;
    expect(columns.map((c) => c.column_name)).toEqual(["created_at", "shared_trip_id", "viewer_hash"]);
    const rows = (await app.db.query(`SELECT * FROM "shared_trip_views" WHERE "shared_trip_id" = $1`, [id])) as Array<
      Record<string, unknown>
    >;
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(cookie);
    expect(stored).not.toContain(second.cookies.get("caravan.viewer")!);
    expect(stored).not.toMatch(/127\.0\.0\.1|203\.0\.113\.77|::1/);

    // The same browser opening another share is counted there under a different hash: shares cannot be linked.
    const other = await share(sharer);
    await first.get(`/api/shared-trips/${other.token}`);
    const [a] = (await app.db.query(`SELECT "viewer_hash" FROM "shared_trip_views" WHERE "shared_trip_id" = $1`, [
      other.id,
    ])) as Array<{ viewer_hash: string }>;
    expect(rows.map((r) => r.viewer_hash)).not.toContain(a!.viewer_hash);
  });

  it("does not count opening an ended share, and the retention sweep deletes the views with the trail", async () => {
    const sharer = await buildUser(app);
    const { id, token } = await share(sharer);
    await app.client().get(`/api/shared-trips/${token}`);
    expect((await sharer.client.post(`/api/shared-trips/${id}/stop`)).status).toBe(200);
    await app.client().get(`/api/shared-trips/${token}`);
    expect((await mine(sharer, id)).views).toBe(1);
    await app.db.getRepository(SharedTrip).update({ id }, { stoppedAt: new Date(Date.now() - 30 * 86_400_000) });
    await app.services.sharedTrips.purgeEnded();
    expect((await mine(sharer, id)).views).toBe(0);
  });

  it("watchersNow counts the other people's sockets in the share's room, not the sharer's", async () => {
    const sharer = await buildUser(app);
    const { id, token } = await share(sharer);
    const watcher = await openSocket(app.url);
    const own = await openSocket(app.url, { as: sharer.client });
    sockets.push(watcher, own);
    expect(await subscribe(watcher, { shareToken: token })).toEqual({ ok: true });
    expect(await subscribe(own, { shareToken: token })).toEqual({ ok: true });
    expect((await mine(sharer, id)).watchersNow).toBe(1);
    expect(await unsubscribe(watcher, { shareToken: token })).toEqual({ ok: true });
    expect((await mine(sharer, id)).watchersNow).toBe(0);
  });
});

describe("GET /api/shared-trips/{id}/trail.gpx", () => {
  it("is the sharer's trail as GPX 1.1, oldest first, with every text escaped", async () => {
    const sharer = await buildUser(app);
    const { id, token } = await share(sharer);
    const post = (latitude: number, address: string) =>
      sharer.client.post(`/api/shared-trips/${token}/locations`, { latitude, longitude: 6.1, address, notes: null });
    expect((await post(45.1, `Café "Le <Chalet>" & Co's`)).status).toBe(201);
    expect((await post(45.2, "Col des Aravis")).status).toBe(201);

    const res = await sharer.client.get(`/api/shared-trips/${id}/trail.gpx`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/gpx+xml; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="caravan-trail-${id}.gpx"`);
    const xml = res.body as string;
    expect(XMLValidator.validate(xml)).toBe(true);
    const gpx = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(xml).gpx;
    expect(gpx.version).toBe("1.1");
    expect(gpx.xmlns).toBe("http://www.topografix.com/GPX/1/1");
    const points = gpx.trk.trkseg.trkpt as Array<{ lat: string; lon: string; time: string; desc: string }>;
    expect(points.map((p) => Number(p.lat))).toEqual([45.1, 45.2]);
    // Escaped in the file, the same text again once parsed.
    expect(points[0]!.desc).toBe(`Café "Le <Chalet>" & Co's`);
    expect(new Date(points[0]!.time).getTime()).toBeLessThanOrEqual(new Date(points[1]!.time).getTime());
    expect(xml).toContain("Le &lt;Chalet&gt;");
  });

  it("is for the sharer only, and 404 once the trail is gone", async () => {
    const sharer = await buildUser(app);
    const other = await buildUser(app);
    const { id, token } = await share(sharer);
    await sharer.client.post(`/api/shared-trips/${token}/locations`, { latitude: 1, longitude: 2, notes: null });
    expect((await other.client.get(`/api/shared-trips/${id}/trail.gpx`)).status).toBe(404);
    expect((await app.client().get(`/api/shared-trips/${id}/trail.gpx`)).status).toBe(401);
    await sharer.client.post(`/api/shared-trips/${id}/stop`);
    await app.db.getRepository(SharedTrip).update({ id }, { stoppedAt: new Date(Date.now() - 30 * 86_400_000) });
    await app.services.sharedTrips.purgeEnded();
    const gone = await sharer.client.get(`/api/shared-trips/${id}/trail.gpx`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: CALENDAR_TEXTS.trailGone });
  });
});
