import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS, SIGNIN_MAX_FAILURES } from "@caravan/common";
import { RATE_LIMIT_DEFAULTS } from "../config.js";
import { buildGroup } from "../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp, type TestResponse } from "../../test/harness.js";

/*
 * Real limits, real counting. The app sits behind one trusted proxy (TRUST_PROXY=1), so each test gives its client
 * its own address the way nginx would, and tests do not share counts.
 */
let app: TestApp;
let seq = 0;
const address = () => `198.51.100.${(seq += 1)}`;
const via = (ip: string) => ({ "x-forwarded-for": ip });

beforeAll(async () => {
  app = await startTestApp({
    RATE_LIMITS: "on",
    TRUST_PROXY: "1",
    RATE_LIMIT_INVITES: "3/3600",
    RATE_LIMIT_MESSAGES: "5/60",
    RATE_LIMIT_SHARES: "2/3600",
    RATE_LIMIT_TRACKER_POINTS: "4/3600",
    // The default burst (20 in 5 s), over an hour so that a slow machine cannot let the window pass mid-test.
    RATE_LIMIT_LOCATIONS: `${RATE_LIMIT_DEFAULTS.locations.points}/3600`,
    LOG_LEVEL: "error",
  });
});
afterAll(() => app?.close());

function expectLimited(res: TestResponse, message: string = ERRORS.tooManyRequests) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ message });
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
}

const signupBody = () => {
  const email = `rl-${randomBytes(4).toString("hex")}@example.com`;
  return { firstName: "Rae", lastName: "Limit", email, password: "Travel2026", confirmPassword: "Travel2026" };
};

// Each failed sign-in runs a full argon2 verification; on a busy machine forty of them take a while.
describe("sign-in", { timeout: 180_000 }, () => {
  it("refuses the right password too after repeated failures for that account at that address", async () => {
    const { user, password } = await buildUser(app);
    const c = app.client();
    const ip = address();
    for (let i = 0; i < SIGNIN_MAX_FAILURES; i++) {
      const res = await c.post("/api/auth/signin", { email: user.email, password: "Wrongpass1" }, via(ip));
      expect(res.status).toBe(401);
    }
    expectLimited(await c.post("/api/auth/signin", { email: user.email, password }, via(ip)), ERRORS.tooManySignins);
  });

  it("is not fooled by a forged X-Forwarded-For entry: only the proxy's own entry counts", async () => {
    const { user } = await buildUser(app);
    const proxySaw = address();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      // What a client gets through a proxy that appends: its own forged entry, then the real address.
      const header = { "x-forwarded-for": `203.0.113.${i}, ${proxySaw}` };
      statuses.push(
        (await app.client().post("/api/auth/signin", { email: user.email, password: "Nope12345" }, header)).status,
      );
    }
    expect(statuses.slice(0, SIGNIN_MAX_FAILURES)).toEqual(Array(SIGNIN_MAX_FAILURES).fill(401));
    expect(statuses.slice(SIGNIN_MAX_FAILURES)).toEqual(Array(40 - SIGNIN_MAX_FAILURES).fill(429));
  });

  it("backs off per account when every attempt comes from a new address", async () => {
    const { user, password } = await buildUser(app);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push(
        (await app.client().post("/api/auth/signin", { email: user.email, password: "Nope12345" }, via(address())))
          .status,
      );
    }
    const allowed = RATE_LIMIT_DEFAULTS.signinAccount.points;
    expect(statuses.filter((s) => s === 401)).toHaveLength(allowed);
    expect(statuses.slice(allowed).every((s) => s === 429)).toBe(true);
    // The account holder at a fresh address waits too, with the message the sign-in dialog shows.
    expectLimited(
      await app.client().post("/api/auth/signin", { email: user.email, password }, via(address())),
      ERRORS.tooManySignins,
    );
  });

  it("does not count other people's failures against an account", async () => {
    const { user, password } = await buildUser(app);
    const ip = address();
    for (let i = 0; i < SIGNIN_MAX_FAILURES; i++) {
      await app
        .client()
        .post("/api/auth/signin", { email: `someone-${i}@example.com`, password: "Nope12345" }, via(ip));
    }
    expect((await app.client().post("/api/auth/signin", { email: user.email, password }, via(ip))).status).toBe(200);
  });
});

describe("sign-up", { timeout: 120_000 }, () => {
  it("limits sign-ups per client address, not for everyone", async () => {
    const ip = address();
    const { points } = RATE_LIMIT_DEFAULTS.signup;
    for (let i = 0; i < points; i++) {
      expect((await app.client().post("/api/auth/signup", signupBody(), via(ip))).status).toBe(201);
    }
    const refused = signupBody();
    expectLimited(await app.client().post("/api/auth/signup", refused, via(ip)));
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [refused.email]);
    expect(n).toBe(0);
    // Someone else behind another address is not affected.
    expect((await app.client().post("/api/auth/signup", signupBody(), via(address()))).status).toBe(201);
  });
});

describe("signed-in actions count per account", () => {
  let owner: BuiltUser;
  let member: BuiltUser;
  let groupId: number;
  beforeAll(async () => {
    owner = await buildUser(app);
    member = await buildUser(app);
    groupId = await buildGroup(app, owner, { members: [member] });
  });

  it("limits e-mail and link invites together, and sends nothing past the limit", async () => {
    const sent = () => app.db.query(`SELECT count(*)::int AS n FROM group_invites WHERE group_id = $1`, [groupId]);
    await owner.client.post(`/api/groups/${groupId}/invites`, { email: "a@example.com" });
    await owner.client.post(`/api/groups/${groupId}/invites`, { email: "b@example.com" });
    expect((await owner.client.post(`/api/groups/${groupId}/invites/link`, {})).status).toBe(201);
    const [before] = await sent();
    expectLimited(await owner.client.post(`/api/groups/${groupId}/invites`, { email: "c@example.com" }));
    const [after] = await sent();
    expect(after.n).toBe(before.n);
    expect((await member.client.post(`/api/groups/${groupId}/invites`, { email: "d@example.com" })).status).toBe(201);
  });

  it("limits chat messages per account", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await member.client.post(`/api/groups/${groupId}/messages`, { content: `hi ${i}` })).status).toBe(201);
    }
    expectLimited(await member.client.post(`/api/groups/${groupId}/messages`, { content: "one more" }));
    expect((await owner.client.post(`/api/groups/${groupId}/messages`, { content: "hello" })).status).toBe(201);
  });

  it("accepts a tracking burst of location writes and refuses only past it", async () => {
    const { points } = RATE_LIMIT_DEFAULTS.locations;
    // One after another, as fast as they go: a burst within the window (concurrent writes would only measure the
    // database pool of a busy machine).
    const burst: TestResponse[] = [];
    for (let i = 0; i < points; i++) {
      burst.push(
        await owner.client.post(`/api/groups/${groupId}/locations`, { latitude: 48 + i / 1000, longitude: 11 }),
      );
    }
    expect(burst.map((r) => r.status)).toEqual(Array(points).fill(200));
    expectLimited(await owner.client.post(`/api/groups/${groupId}/locations`, { latitude: 48, longitude: 11 }));
    expect((await member.client.post(`/api/groups/${groupId}/locations`, { latitude: 1, longitude: 1 })).status).toBe(
      200,
    );
  });

  it("limits a tracker's points per tracker, with a 429 the apps retry after", async () => {
    const sharer = await buildUser(app);
    expect((await sharer.client.post("/api/shared-trips", { durationHours: 1 })).status).toBe(201);
    const [a, b] = await Promise.all(
      ["Phone", "Watch"].map(
        async (name) => (await sharer.client.post("/api/trackers", { name })).body.token as string,
      ),
    );
    const t = Math.floor(Date.now() / 1000) - 600;
    const send = (token: string, i: number) =>
      fetch(`${app.url}/api/ingest/osmand?id=${token}&lat=${45 + i / 100}&lon=6&timestamp=${t + i * 30}`);
    for (let i = 0; i < 4; i++) expect((await send(a!, i)).status).toBe(200);
    const refused = await send(a!, 4);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await send(b!, 0)).status).toBe(200);
  });

  it("limits shares started per account", async () => {
    const sharer = await buildUser(app);
    for (let i = 0; i < 2; i++) {
      expect((await sharer.client.post("/api/shared-trips", { durationHours: 1 })).status).toBe(201);
    }
    expectLimited(await sharer.client.post("/api/shared-trips", { durationHours: 1 }));
  });
});

describe("RATE_LIMITS=off", () => {
  it("switches every limit off", async () => {
    const open = await startTestApp({ RATE_LIMITS: "off" });
    try {
      const owner = await buildUser(open);
      const groupId = await buildGroup(open, owner);
      const writes = await Promise.all(
        Array.from({ length: RATE_LIMIT_DEFAULTS.locations.points * 2 }, () =>
          owner.client.post(`/api/groups/${groupId}/locations`, { latitude: 1, longitude: 1 }),
        ),
      );
      expect(writes.map((r) => r.status)).toEqual(Array(writes.length).fill(200));
    } finally {
      await open.close();
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("across nodes (Redis)", () => {
  it("counts a client's sign-ups on every node together", async () => {
    const env = {
      RATE_LIMITS: "on",
      TRUST_PROXY: "1",
      RATE_LIMIT_SIGNUP: "3/3600",
      REDIS_URL: process.env.TEST_REDIS_URL!,
      REDIS_PREFIX: `caravan-rl-${randomBytes(4).toString("hex")}`,
    };
    const [a, b] = await Promise.all([startTestApp(env), startTestApp(env)]);
    try {
      const ip = address();
      const nodes = [a, b, a];
      for (const node of nodes) {
        expect((await node.client().post("/api/auth/signup", signupBody(), via(ip))).status).toBe(201);
      }
      expectLimited(await b.client().post("/api/auth/signup", signupBody(), via(ip)));
      expectLimited(await a.client().post("/api/auth/signup", signupBody(), via(ip)));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
