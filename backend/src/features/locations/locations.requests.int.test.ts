/**
 * The location calls as a device or a browser sends them, through the app's middlewares (session, body parser,
 * origin check, input guard, router): every answer a traveller can get, by status and message.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ERRORS, JSON_MAX_DEPTH, LATITUDE_MAX, VALIDATION } from "@caravan/common";
import { SESSION_COOKIE } from "../../http/session-store.js";
import { buildGroup } from "../../../test/factories.js";
import { buildUser, startTestApp, TestClient, type BuiltUser, type TestApp } from "../../../test/harness.js";

const near = { latitude: 45.8992, longitude: 6.1294 };

let app: TestApp;
let owner: BuiltUser;
let stranger: BuiltUser;
let groupId: number;
const path = (group = groupId) => `/api/groups/${group}/locations`;

beforeAll(async () => {
  app = await startTestApp();
  owner = await buildUser(app, { firstName: "Ada" });
  stranger = await buildUser(app);
  groupId = await buildGroup(app, owner);
});
afterAll(() => app?.close());

/** Another client holding the same member's cookies. */
function sameCookies(user: BuiltUser): TestClient {
  const client = new TestClient(app.url);
  for (const [k, v] of user.client.cookies) client.cookies.set(k, v);
  return client;
}

/** Moves a stored session's expiry, as time passing would, and forgets what this instance cached of it. */
async function expireIn(user: BuiltUser, ms: number): Promise<void> {
  const sid = user.client.cookies.get(SESSION_COOKIE)!;
  await app.db.query(
    `UPDATE "sessions" SET "sess" = jsonb_set("sess"::jsonb, '{_expire}', to_jsonb($2::bigint))::json WHERE "sid" = $1`,
    [sid, Date.now() + ms],
  );
  app.services.grants.revoke({ kind: "session", sid });
}

const renewsCookie = (res: { headers: Headers }) =>
  res.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`));

describe("the location write", () => {
  it("answers a member's write with the stored location, named after the nearest town", async () => {
    const res = await owner.client.post(path(), near);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ groupId, userId: owner.user.id, ...near });
    expect(res.body.address).toMatch(/^near /);
    expect(renewsCookie(res)).toBe(false);
  });

  it("refuses a call from another site, by Origin or by Sec-Fetch-Site, and takes the site's own", async () => {
    const crossSite: Array<Record<string, string>> = [
      { origin: "https://evil.example" },
      { "sec-fetch-site": "cross-site" },
    ];
    for (const headers of crossSite) {
      expect(await owner.client.post(path(), near, headers)).toMatchObject({
        status: 403,
        body: { message: ERRORS.badOrigin },
      });
    }
    expect((await owner.client.post(path(), near, { origin: app.config.publicUrl })).status).toBe(200);
  });

  it("refuses a stranger and an unknown group before anything about the body", async () => {
    for (const body of [near, { latitude: "x" }]) {
      expect(await stranger.client.post(path(), body)).toMatchObject({
        status: 403,
        body: { message: ERRORS.notGroupMember },
      });
      expect(await owner.client.post(path(999_999), body)).toMatchObject({
        status: 404,
        body: { message: ERRORS.groupNotFound },
      });
    }
  });

  it("names the first field's problem", async () => {
    expect(await owner.client.post(path(), { latitude: "45", longitude: 6 })).toMatchObject({
      status: 400,
      body: { message: VALIDATION.latitudeNumber, errors: { latitude: VALIDATION.latitudeNumber } },
    });
    expect(await owner.client.post(path(), { latitude: LATITUDE_MAX + 1, longitude: 6 })).toMatchObject({
      status: 400,
      body: { message: VALIDATION.latitudeRange },
    });
  });

  it.each([
    ["no coordinates", {}, 400],
    ["an array", [near], 400],
    ["a number", "5", 400],
    ["broken JSON", '{"latitude": 45,', 400],
    ["an empty body", "", 400],
    ["a NUL in the notes", { ...near, notes: "a\u0000b" }, 400],
    ["a poisoned prototype", '{"latitude": 45, "longitude": 6, "__proto__": {"admin": true}}', 400],
    ["nesting past the limit", { ...near, notes: nested(JSON_MAX_DEPTH + 1) }, 400],
    ["a body past the limit", { ...near, notes: "x".repeat(120_000) }, 413],
    ["text/plain", JSON.stringify(near), 400, { "content-type": "text/plain" }],
  ])("refuses %s with %i and a message", async (_, body, status, headers: Record<string, string> = {}) => {
    const res = await owner.client.request("POST", path(), body, headers);
    expect(res.status).toBe(status);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it("counts its answers under the route's pattern", async () => {
    await owner.client.post(path(), near);
    await owner.client.get(path());
    const { values } = await app.services.metrics.httpDuration.get();
    const counted = (method: string, route: string) =>
      values.find(
        (v) =>
          v.metricName === "caravan_http_request_duration_seconds_count" &&
          v.labels.route === route &&
          v.labels.method === method &&
          v.labels.status === "200",
      )?.value;
    expect(counted("POST", "/api/groups/:groupId/locations")).toBeGreaterThan(0);
    expect(counted("GET", "/api/groups/:id/locations")).toBeGreaterThan(0);
  });
});

describe("the location read", () => {
  it("answers a member with the group's locations as JSON, compressed when asked and long enough", async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => buildUser(app)));
    const crowded = await buildGroup(app, owner, { members });
    for (const member of [owner, ...members])
      await member.client.post(path(crowded), { ...near, notes: "Meet at the fountain" });
    const res = await owner.client.get(path(crowded));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.body).toHaveLength(7);
    const zipped = await owner.client.get(path(crowded), { "accept-encoding": "gzip" });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.body).toEqual(res.body);
  });

  it("refuses a stranger and an unknown group", async () => {
    expect(await stranger.client.get(path())).toMatchObject({ status: 403, body: { message: ERRORS.notGroupMember } });
    expect(await owner.client.get(path(999_999))).toMatchObject({
      status: 404,
      body: { message: ERRORS.groupNotFound },
    });
  });
});

describe.each([
  ["write", "POST"],
  ["read", "GET"],
] as const)("the location %s and the session", (_, method) => {
  const send = (client: TestClient, group: number) =>
    client.request(method, path(group), method === "POST" ? near : undefined);

  it("refuses a forged cookie, no cookie and an expired session with 401", async () => {
    const forged = sameCookies(owner);
    forged.cookies.set(`${SESSION_COOKIE}.sig`, "A".repeat(27));
    expect((await send(forged, groupId)).status).toBe(401);
    expect((await send(new TestClient(app.url), groupId)).status).toBe(401);

    const expired = await buildUser(app);
    const expiredGroup = await buildGroup(app, expired);
    await expireIn(expired, -1000);
    expect((await send(expired.client, expiredGroup)).status).toBe(401);
  });

  it("renews a session in the second half of its life, and one cached until then once it gets there", async () => {
    const renewing = await buildUser(app);
    const renewingGroup = await buildGroup(app, renewing);
    await expireIn(renewing, app.config.sessionMaxAgeMs / 2 - 60_000);
    const renewed = await send(renewing.client, renewingGroup);
    expect(renewed.status).toBe(200);
    expect(renewsCookie(renewed)).toBe(true);

    const member = await buildUser(app);
    const group = await buildGroup(app, member);
    // Two seconds before the second half of its life: answered without a new cookie, and the session is cached.
    await expireIn(member, app.config.sessionMaxAgeMs / 2 + 2_000);
    const settled = await send(sameCookies(member), group);
    expect([settled.status, renewsCookie(settled)]).toEqual([200, false]);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 3_000 });
    try {
      const later = await send(sameCookies(member), group);
      expect([later.status, renewsCookie(later)]).toEqual([200, true]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a session that signed out", async () => {
    const member = await buildUser(app);
    const group = await buildGroup(app, member);
    const copy = sameCookies(member);
    expect((await send(copy, group)).status).toBe(200);
    await member.client.post("/api/logout");
    expect((await send(copy, group)).status).toBe(401);
  });
});

function nested(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = { value };
  return value;
}
