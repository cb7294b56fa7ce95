import http from "node:http";
import type { AddressInfo } from "node:net";
import Koa from "koa";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ERRORS, JSON_MAX_DEPTH, LATITUDE_MAX, VALIDATION } from "@caravan/common";
import { JSON_BODY } from "../../app.js";
import { createLogger } from "../../logger.js";
import { CookieKeys } from "../../http/cookie-keys.js";
import { errorMiddleware } from "../../http/error-middleware.js";
import { SESSION_COOKIE, sessionStore } from "../../http/session-store.js";
import type { AppState } from "../../http/context.js";
import { buildGroup } from "../../../test/factories.js";
import { buildUser, startTestApp, TestClient, type BuiltUser, type TestApp } from "../../../test/harness.js";
import { LOCATION_READ_ROUTE, LOCATION_WRITE_ROUTE } from "./locations.routes.js";
import { locationLane } from "./locations.lane.js";

const WENT_ON = 418;
const near = { latitude: 45.8992, longitude: 6.1294 };

let app: TestApp;
interface Lane {
  url: string;
  server: http.Server;
}
/** The lane alone in front of a last middleware that answers 418: what it passes on, untouched, gets 418. */
let lane: Lane;
const lanes: Lane[] = [];
/** How many cookie signatures the lane's keys checked. */
let signatureChecks = 0;
let owner: BuiltUser;
let stranger: BuiltUser;
let groupId: number;

async function startLane(keys: CookieKeys): Promise<Lane> {
  const koa = new Koa<AppState>();
  koa.keys = keys;
  koa.context.services = app.services;
  koa.use(errorMiddleware(createLogger("silent")));
  koa.use(locationLane(sessionStore(app.db, app.services.grants), app.config, JSON_BODY));
  koa.use(async (ctx) => {
    ctx.status = WENT_ON;
    ctx.body = { bodyUnread: ctx.request.body === undefined && !ctx.req.readableEnded };
  });
  const server = http.createServer(koa.callback());
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const started = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  lanes.push(started);
  return started;
}

beforeAll(async () => {
  app = await startTestApp();
  const keys = new CookieKeys([app.config.sessionSecret!]);
  const index = keys.index.bind(keys);
  keys.index = (data, digest) => {
    signatureChecks += 1;
    return index(data, digest);
  };
  lane = await startLane(keys);

  owner = await buildUser(app, { firstName: "Ada" });
  stranger = await buildUser(app);
  groupId = await buildGroup(app, owner);
});
afterAll(async () => {
  await Promise.all(lanes.map((l) => new Promise((resolve) => l.server.close(resolve))));
  await app?.close();
});

/** The same member's cookies, sent to the lane's server (or to another lane). */
function viaLane(user: BuiltUser, url = lane.url): TestClient {
  const client = new TestClient(url);
  for (const [k, v] of user.client.cookies) client.cookies.set(k, v);
  return client;
}

const sidOf = (user: BuiltUser) => user.client.cookies.get(SESSION_COOKIE)!;

/** Moves a stored session's expiry, as time passing would, and forgets what this instance remembered of it. */
async function expireIn(user: BuiltUser, ms: number): Promise<void> {
  const sid = sidOf(user);
  await app.db.query(
    `UPDATE "sessions" SET "sess" = jsonb_set("sess"::jsonb, '{_expire}', to_jsonb($2::bigint))::json WHERE "sid" = $1`,
    [sid, Date.now() + ms],
  );
  app.services.grants.revoke({ kind: "session", sid });
}

describe("the location write lane", () => {
  it("answers a member's write itself, as the route does", async () => {
    const res = await viaLane(owner).post(`/api/groups/${groupId}/locations`, near);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ groupId, userId: owner.user.id, ...near });
    expect(res.body.address).toMatch(/^near /);
  });

  it("passes on, with the body unread, every request that is not the common case", async () => {
    const client = viaLane(owner);
    const path = `/api/groups/${groupId}/locations`;
    const body = JSON.stringify(near);
    const cases: Array<[string, Promise<{ status: number; body: unknown }>]> = [
      ["a query string", client.post(`${path}?x=1`, near)],
      ["another method", client.request("PUT", path, near)],
      ["a trailing slash", client.post(`${path}/`, near)],
      ["group 0", client.post("/api/groups/0/locations", near)],
      ["an id past int4", client.post("/api/groups/2147483648/locations", near)],
      ["another path", client.post(`/api/groups/${groupId}/locations/me`, near)],
      ["text/plain", client.request("POST", path, body, { "content-type": "text/plain" })],
      ["a JSON variant type", client.request("POST", path, body, { "content-type": "application/vnd.api+json" })],
      ["a compressed body", client.request("POST", path, body, { "content-encoding": "gzip" })],
      ["another site's Origin", client.post(path, near, { origin: "https://evil.example" })],
      ["a cross-site fetch without Origin", client.post(path, near, { "sec-fetch-site": "cross-site" })],
      ["no session cookie", new TestClient(lane.url).post(path, near)],
    ];
    for (const [what, pending] of cases) {
      const res = await pending;
      expect({ what, status: res.status, body: res.body }).toEqual({
        what,
        status: WENT_ON,
        body: { bodyUnread: true },
      });
    }
    // The site's own origin is not another site's.
    expect((await client.post(path, near, { origin: app.config.publicUrl })).status).toBe(200);
  });
});

describe("the location read lane", () => {
  const path = () => `/api/groups/${groupId}/locations`;

  it("answers a member's read itself, as the route does", async () => {
    await owner.client.post(path(), near);
    const res = await viaLane(owner).get(path());
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.body).toEqual([expect.objectContaining({ groupId, userId: owner.user.id, ...near })]);
  });

  it("refuses a stranger and an unknown group itself", async () => {
    expect(await viaLane(stranger).get(path())).toMatchObject({
      status: 403,
      body: { message: ERRORS.notGroupMember },
    });
    expect((await viaLane(owner).get("/api/groups/999999/locations")).status).toBe(404);
  });

  it("passes on every read that is not the common case", async () => {
    const client = viaLane(owner);
    const cases: Array<[string, Promise<{ status: number }>]> = [
      ["a query string", client.get(`${path()}?x=1`)],
      ["HEAD", client.request("HEAD", path())],
      ["a trailing slash", client.get(`${path()}/`)],
      ["group 0", client.get("/api/groups/0/locations")],
      ["an id past int4", client.get("/api/groups/2147483648/locations")],
      ["another path", client.get(`/api/groups/${groupId}/locations/me`)],
      ["no session cookie", new TestClient(lane.url).get(path())],
    ];
    for (const [what, pending] of cases)
      expect({ what, status: (await pending).status }).toEqual({ what, status: WENT_ON });
  });
});

describe.each([
  ["write", "POST", LOCATION_WRITE_ROUTE],
  ["read", "GET", LOCATION_READ_ROUTE],
] as const)("the location %s lane", (_, method, route) => {
  const send = (client: TestClient, group: number) =>
    client.request(method, `/api/groups/${group}/locations`, method === "POST" ? near : undefined);

  it("passes on a forged cookie, an expired session, and one koa-session would renew", async () => {
    const forged = viaLane(owner);
    forged.cookies.set(`${SESSION_COOKIE}.sig`, "A".repeat(27));
    expect((await send(forged, groupId)).status).toBe(WENT_ON);

    const renewing = await buildUser(app);
    const renewingGroup = await buildGroup(app, renewing);
    // Less than half of its life left: koa-session would send a renewed cookie, which the lane does not.
    await expireIn(renewing, app.config.sessionMaxAgeMs / 2 - 60_000);
    expect((await send(viaLane(renewing), renewingGroup)).status).toBe(WENT_ON);
    // Through the app, the route answers and the cookie is renewed.
    const renewed = await send(renewing.client, renewingGroup);
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);

    const expired = await buildUser(app);
    const expiredGroup = await buildGroup(app, expired);
    await expireIn(expired, -1000);
    expect((await send(viaLane(expired), expiredGroup)).status).toBe(WENT_ON);
  });

  it("checks a session cookie's signature once per Cookie header, one signed with an older key every time", async () => {
    const member = await buildUser(app);
    const group = await buildGroup(app, member);
    const before = signatureChecks;
    expect((await send(viaLane(member), group)).status).toBe(200);
    expect((await send(viaLane(member), group)).status).toBe(200);
    expect(signatureChecks - before).toBe(1);
    // The same session, signed out: the header is remembered, the session is not.
    await member.client.post("/api/logout");
    expect((await send(viaLane(member), group)).status).toBe(WENT_ON);

    // Keys rotated: the cookie verifies with the older key, and each answer signs it again with the new one.
    const rotated = await startLane(new CookieKeys(["a newer session secret", app.config.sessionSecret!]));
    const traveller = await buildUser(app);
    const travellersGroup = await buildGroup(app, traveller);
    for (let i = 0; i < 2; i++) {
      const res = await send(viaLane(traveller, rotated.url), travellersGroup);
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}.sig=`))).toBe(true);
    }
  });

  it("passes on a remembered session once it is as old as koa-session renews at", async () => {
    const member = await buildUser(app);
    const group = await buildGroup(app, member);
    // Two seconds before the second half of its life: the lane answers, and the session is remembered.
    await expireIn(member, app.config.sessionMaxAgeMs / 2 + 2_000);
    expect((await send(viaLane(member), group)).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3_000 });
    try {
      expect((await send(viaLane(member), group)).status).toBe(WENT_ON);
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts its answers under the route's name, as the router's", async () => {
    await send(owner.client, groupId);
    const { values } = await app.services.metrics.httpDuration.get();
    const counted = values.find(
      (v) =>
        v.metricName === "caravan_http_request_duration_seconds_count" &&
        v.labels.route === route &&
        v.labels.method === method &&
        v.labels.status === "200",
    );
    expect(counted?.value).toBeGreaterThan(0);
  });
});

describe("the lane and the route answer alike", () => {
  /** Sends the same request to the lane (as it is) and to the route (a query string sends it past the lane). */
  async function both(user: BuiltUser, group: number, body: unknown, headers: Record<string, string> = {}) {
    const path = `/api/groups/${group}/locations`;
    const lane = await user.client.request("POST", path, body, headers);
    const route = await user.client.request("POST", `${path}?via=route`, body, headers);
    return { lane, route };
  }

  const shared = (res: { status: number; headers: Headers }) => ({
    status: res.status,
    headers: Object.fromEntries(
      [...res.headers].filter(([k]) => !["date", "x-request-id", "content-length", "keep-alive"].includes(k)),
    ),
  });

  it.each([
    ["a position", near],
    ["a position with notes and a typed address", { ...near, notes: "By the canal", address: "Pont des Amours" }],
    ["a numeric string", { latitude: "45", longitude: 6 }],
    ["a latitude out of range", { latitude: LATITUDE_MAX + 1, longitude: 6 }],
    ["no coordinates", {}],
    ["an array", [near]],
    ["a number", "5"],
    ["broken JSON", '{"latitude": 45,'],
    ["an empty body", ""],
    ["a NUL in the notes", { ...near, notes: "a\u0000b" }],
    ["a poisoned prototype", '{"latitude": 45, "longitude": 6, "__proto__": {"admin": true}}'],
    ["nesting past the limit", { ...near, notes: nested(JSON_MAX_DEPTH + 1) }],
    ["a body past the limit", { ...near, notes: "x".repeat(120_000) }],
  ])("%s", async (_, body) => {
    const { lane, route } = await both(owner, groupId, body);
    expect(shared(lane)).toEqual(shared(route));
    if (lane.status === 200) {
      const volatile = ["id", "createdAt"];
      const strip = (b: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(b).filter(([k]) => !volatile.includes(k)));
      expect(strip(lane.body)).toEqual(strip(route.body));
    } else {
      expect(lane.body).toEqual(route.body);
    }
  });

  it("refuses a stranger and an unknown group alike, before anything about the body", async () => {
    for (const body of [near, { latitude: "x" }]) {
      const strangers = await both(stranger, groupId, body);
      expect([strangers.lane.status, strangers.lane.body]).toEqual([403, { message: ERRORS.notGroupMember }]);
      expect(shared(strangers.lane)).toEqual(shared(strangers.route));
      expect(strangers.lane.body).toEqual(strangers.route.body);

      const unknown = await both(owner, 999_999, body);
      expect(unknown.lane.status).toBe(404);
      expect(shared(unknown.lane)).toEqual(shared(unknown.route));
      expect(unknown.lane.body).toEqual(unknown.route.body);
    }
  });

  describe("reads", () => {
    /** A group with enough members sharing a location that its read is compressed when asked. */
    let crowded: number;
    beforeAll(async () => {
      const members = await Promise.all(Array.from({ length: 6 }, () => buildUser(app)));
      crowded = await buildGroup(app, owner, { members });
      for (const member of [owner, ...members])
        await member.client.post(`/api/groups/${crowded}/locations`, { ...near, notes: "Meet at the fountain" });
    });

    it.each([
      ["a member", () => owner, () => crowded, {}],
      ["a member asking for it compressed", () => owner, () => crowded, { "accept-encoding": "gzip, br" }],
      ["a stranger", () => stranger, () => crowded, {}],
      ["an unknown group", () => owner, () => 999_999, {}],
    ])("by %s", async (_, who, group, headers: Record<string, string>) => {
      const path = `/api/groups/${group()}/locations`;
      const lane = await who().client.get(path, headers);
      const route = await who().client.get(`${path}?via=route`, headers);
      expect(shared(lane)).toEqual(shared(route));
      expect(lane.body).toEqual(route.body);
      if (group() === crowded && who() === owner) expect(lane.body).toHaveLength(7);
    });

    it("compresses a long answer when asked, on both", async () => {
      const path = `/api/groups/${crowded}/locations`;
      for (const p of [path, `${path}?via=route`])
        expect((await owner.client.get(p, { "accept-encoding": "gzip" })).headers.get("content-encoding")).toBe("gzip");
    });
  });

  it("names the first field's problem, as the route does", async () => {
    const { lane } = await both(owner, groupId, { latitude: "45", longitude: 6 });
    expect(lane.body).toEqual({
      message: VALIDATION.latitudeNumber,
      errors: { latitude: VALIDATION.latitudeNumber },
    });
  });
});

function nested(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = { value };
  return value;
}
