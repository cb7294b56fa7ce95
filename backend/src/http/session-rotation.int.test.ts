import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RealtimeServer } from "../realtime/socket-server.js";
import { buildUser, freshDatabase, type BuiltUser, type TestApp } from "../../test/harness.js";
import { sameSession, startInstance } from "../../test/servers.js";
import { openSocket } from "../../test/sockets.js";

const OLD = "old-session-secret-that-is-long-enough-0123456789";
const NEW = "new-session-secret-that-is-long-enough-9876543210";

/**
 * Rotating SESSION_SECRET: nodes restarted with the new secret and the old one in SESSION_SECRET_PREVIOUS keep
 * everyone signed in, and move each cookie to the new secret on its next request; the old secret alone no longer
 * signs anything, so it can be dropped once the previous cookies have been refreshed (or have expired).
 */
// Several nodes on one database: the embedded default is one process, so this needs PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)("SESSION_SECRET rotation", () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  const apps: TestApp[] = [];
  let before: TestApp;
  let user: BuiltUser;

  const start = async (env: Record<string, string>) => {
    const app = await startInstance(db.target as never, env);
    apps.push(app);
    return app;
  };
  const signedIn = async (app: TestApp, cookies: BuiltUser["client"]) =>
    (await sameSession(cookies, app.url).get("/api/auth/user")).status === 200;

  beforeAll(async () => {
    db = await freshDatabase();
    before = await start({ SESSION_SECRET: OLD });
    user = await buildUser(before);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
  });

  it("accepts cookies signed with a previous secret and re-signs them with the new one", async () => {
    const rotated = await start({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: `${"x".repeat(40)},${OLD}` });
    const newOnly = await start({ SESSION_SECRET: NEW });
    const oldSignature = user.client.cookies.get("caravan.sid.sig");
    expect(oldSignature).toBeTruthy();

    // Without the previous secret, the old cookie names nobody.
    expect(await signedIn(newOnly, user.client)).toBe(false);

    const browser = sameSession(user.client, rotated.url);
    const res = await browser.get("/api/auth/user");
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.user.id);
    // The cookie now carries a signature of the new secret: it works where only the new secret is known.
    expect(browser.cookies.get("caravan.sid.sig")).not.toBe(oldSignature);
    expect(browser.cookies.get("caravan.sid")).toBe(user.client.cookies.get("caravan.sid"));
    expect(await signedIn(newOnly, browser)).toBe(true);

    // The socket handshake verifies the same way.
    const socket = await openSocket(rotated.url, { as: user.client });
    try {
      const sockets = await (rotated.services.realtime as RealtimeServer).io.local.fetchSockets();
      expect(sockets.map((s) => s.data.userId)).toEqual([user.user.id]);
    } finally {
      socket.close();
    }
  });

  it("signs new sessions with the new secret only", async () => {
    const rotated = await start({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD });
    const fresh = await buildUser(rotated);
    expect(await signedIn(before, fresh.client)).toBe(false);
    const newOnly = await start({ SESSION_SECRET: NEW });
    expect(await signedIn(newOnly, fresh.client)).toBe(true);
  });
});
