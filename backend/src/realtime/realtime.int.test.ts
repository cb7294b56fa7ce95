import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rooms, SUBSCRIBE_ERRORS } from "@caravan/common";
import { SharedTrip } from "../db/entities/index.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../test/harness.js";
import { buildGroup } from "../../test/factories.js";
import {
  createSocket,
  EventLog,
  next,
  openSocket,
  subscribe,
  unsubscribe,
  type TestSocket,
} from "../../test/sockets.js";

/** With TEST_REDIS_URL the app fans out through Redis, on channels of its own so parallel test files never meet. */
const redisEnv = (): Record<string, string> =>
  process.env.TEST_REDIS_URL
    ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `caravan-test-${randomBytes(6).toString("hex")}` }
    : {};

let app: TestApp;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  app = await startTestApp(redisEnv());
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app?.close();
});

async function socketOf(user?: BuiltUser): Promise<{ socket: TestSocket; log: EventLog }> {
  const socket = await openSocket(app.url, { as: user?.client });
  sockets.push(socket);
  return { socket, log: new EventLog(socket) };
}

/**
 * Pushes a marker to the user's own room and waits for it. Events published before it travel the same path to the
 * same connection, so once it is here, anything else that was going to arrive has arrived.
 */
async function flush(log: EventLog, user: BuiltUser): Promise<void> {
  const marker = randomBytes(4).toString("hex");
  app.services.realtime.publish(rooms.user(user.user.id), "member:left", { groupId: 0, userId: marker });
  await log.waitFor("member:left", (e) => e.userId === marker);
}

const postMessage = async (user: BuiltUser, groupId: number, content: string) => {
  const res = await user.client.post(`/api/groups/${groupId}/messages`, { content, messageType: "text" });
  expect(res.status).toBe(201);
};

async function startShare(sharer: BuiltUser): Promise<{ id: number; shareToken: string }> {
  const res = await sharer.client.post("/api/shared-trips", { durationHours: 2 });
  expect(res.status).toBe(201);
  return res.body;
}

describe("subscribe protocol", () => {
  it("lets a member follow their group and pushes what other members do there", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    const { socket, log } = await socketOf(member);

    expect(await subscribe(socket, { groupId })).toEqual({ ok: true });
    await postMessage(owner, groupId, "Meet at the trailhead at 8");

    const message = await log.waitFor("message:created");
    expect(message).toMatchObject({ groupId, content: "Meet at the trailhead at 8", userId: owner.user.id });
    expect(message.user).not.toHaveProperty("hashedPassword");
  });

  it("refuses a signed-in stranger, whether or not the group exists, and sends them nothing", async () => {
    const owner = await buildUser(app);
    const stranger = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const { socket, log } = await socketOf(stranger);

    expect(await subscribe(socket, { groupId })).toEqual({ ok: false, error: SUBSCRIBE_ERRORS.notMember });
    expect(await subscribe(socket, { groupId: 2_000_000_000 })).toEqual({
      ok: false,
      error: SUBSCRIBE_ERRORS.notMember,
    });

    await postMessage(owner, groupId, "members only");
    await flush(log, stranger);
    expect(log.of("message:created")).toEqual([]);
  });

  it("refuses groups to anonymous sockets", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const { socket } = await socketOf();

    expect(await subscribe(socket, { groupId })).toEqual({ ok: false, error: SUBSCRIBE_ERRORS.signInRequired });
  });

  it("treats a session cookie with a forged signature as anonymous", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const forged = app.client();
    for (const [name, value] of owner.client.cookies) forged.cookies.set(name, value);
    forged.cookies.set("caravan.sid.sig", "AAAAAAAAAAAAAAAAAAAAAAAAAAA");
    const socket = await openSocket(app.url, { as: forged });
    sockets.push(socket);

    expect(await subscribe(socket, { groupId })).toEqual({ ok: false, error: SUBSCRIBE_ERRORS.signInRequired });
    // The genuine cookie still works.
    const { socket: genuine } = await socketOf(owner);
    expect(await subscribe(genuine, { groupId })).toEqual({ ok: true });
  });

  it("puts every signed-in socket in its user's room", async () => {
    const user = await buildUser(app);
    const { log } = await socketOf(user);
    app.services.realtime.publish(rooms.user(user.user.id), "group:deleted", { groupId: 7 });
    expect(await log.waitFor("group:deleted")).toEqual({ groupId: 7 });
  });

  it("lets anyone holding a live share token follow it, signed in or not", async () => {
    const sharer = await buildUser(app);
    const share = await startShare(sharer);
    const { socket, log } = await socketOf();

    expect(await subscribe(socket, { shareToken: share.shareToken })).toEqual({ ok: true });
    const posted = await sharer.client.post(`/api/shared-trips/${share.shareToken}/locations`, {
      latitude: 46.5,
      longitude: 8.1,
      address: "Grindelwald",
      notes: null,
    });
    expect(posted.status).toBe(201);
    expect(await log.waitFor("share:location")).toMatchObject({ latitude: 46.5, longitude: 8.1 });
  });

  it("refuses unknown, expired and stopped share tokens alike", async () => {
    const sharer = await buildUser(app);
    const { socket } = await socketOf();
    const refused = { ok: false, error: SUBSCRIBE_ERRORS.shareUnavailable };

    expect(await subscribe(socket, { shareToken: randomBytes(32).toString("base64url") })).toEqual(refused);

    const expiredToken = randomBytes(32).toString("base64url");
    await app.db.getRepository(SharedTrip).insert({
      sharerId: sharer.user.id,
      shareToken: expiredToken,
      durationHours: 1,
      expiresAt: new Date(Date.now() - 60_000),
      isActive: true,
    });
    expect(await subscribe(socket, { shareToken: expiredToken })).toEqual(refused);

    const stopped = await startShare(sharer);
    expect((await sharer.client.post(`/api/shared-trips/${stopped.id}/stop`)).status).toBe(200);
    expect(await subscribe(socket, { shareToken: stopped.shareToken })).toEqual(refused);
  });

  it("answers malformed requests with a refusal and keeps the connection", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const { socket } = await socketOf(owner);
    const invalid = { ok: false, error: SUBSCRIBE_ERRORS.invalidRequest };

    for (const bad of [
      null,
      "group:1",
      [groupId],
      {},
      { room: rooms.group(groupId) },
      { groupId: String(groupId) },
      { groupId: -1 },
      { groupId: 1.5 },
      { groupId: 2 ** 40 },
      { groupId, shareToken: "abc" },
      { shareToken: "../../etc" },
      { shareToken: "a".repeat(65) },
      { shareToken: 12 },
    ]) {
      expect(await subscribe(socket, bad)).toEqual(invalid);
      expect(await unsubscribe(socket, bad)).toEqual(invalid);
    }
    // Without an acknowledgement callback the request is still handled, and nothing breaks.
    (socket.emit as (...args: unknown[]) => void)("subscribe", { groupId });
    (socket.emit as (...args: unknown[]) => void)("no-such-event", { groupId });
    expect(socket.connected).toBe(true);
    expect(await subscribe(socket, { groupId })).toEqual({ ok: true });
  });

  it("caps the rooms one connection may follow", async () => {
    const sharer = await buildUser(app);
    const { socket } = await socketOf();
    const results = [];
    for (let i = 0; i < 21; i += 1) {
      const share = await startShareRow(sharer);
      results.push(await subscribe(socket, { shareToken: share }));
    }
    expect(results.slice(0, 20).every((r) => r.ok)).toBe(true);
    expect(results[20]).toEqual({ ok: false, error: SUBSCRIBE_ERRORS.tooManyRooms });
  });

  it("stops delivery after unsubscribe", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    const { socket, log } = await socketOf(member);

    expect(await subscribe(socket, { groupId })).toEqual({ ok: true });
    expect(await unsubscribe(socket, { groupId })).toEqual({ ok: true });
    await postMessage(owner, groupId, "after unsubscribe");
    await flush(log, member);
    expect(log.of("message:created")).toEqual([]);
  });

  it("lets an unsubscribe sent while the subscription is still being checked win", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    const { socket, log } = await socketOf(member);

    const [subscribed, unsubscribed] = await Promise.all([
      subscribe(socket, { groupId }),
      unsubscribe(socket, { groupId }),
    ]);
    expect([subscribed, unsubscribed]).toEqual([{ ok: true }, { ok: true }]);
    await postMessage(owner, groupId, "after a quick unsubscribe");
    await flush(log, member);
    expect(log.of("message:created")).toEqual([]);
  });
});

/** Shares inserted directly: the API caps how many live shares one person may have. */
async function startShareRow(sharer: BuiltUser): Promise<string> {
  const shareToken = randomBytes(32).toString("base64url");
  await app.db.getRepository(SharedTrip).insert({
    sharerId: sharer.user.id,
    shareToken,
    durationHours: 2,
    expiresAt: new Date(Date.now() + 2 * 3_600_000),
    isActive: true,
  });
  return shareToken;
}

describe("revocation", () => {
  it("removes a member who leaves from the group's room: they stop receiving, and may not subscribe again", async () => {
    const owner = await buildUser(app);
    const leaver = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [leaver] });
    const { socket, log } = await socketOf(leaver);
    expect(await subscribe(socket, { groupId })).toEqual({ ok: true });

    expect((await leaver.client.delete(`/api/groups/${groupId}/members/${leaver.user.id}`)).status).toBe(204);
    expect(await log.waitFor("member:left")).toEqual({ groupId, userId: leaver.user.id });

    await postMessage(owner, groupId, "after you left");
    await flush(log, leaver);
    expect(log.of("message:created")).toEqual([]);
    expect(await subscribe(socket, { groupId })).toEqual({ ok: false, error: SUBSCRIBE_ERRORS.notMember });
  });

  it("evicts one user's sockets only, leaving the other members in the room", async () => {
    const owner = await buildUser(app);
    const stays = await buildUser(app);
    const evicted = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [stays, evicted] });
    const a = await socketOf(stays);
    const b = await socketOf(evicted);
    const b2 = await socketOf(evicted);
    for (const { socket } of [a, b, b2]) expect(await subscribe(socket, { groupId })).toEqual({ ok: true });

    await app.services.realtime.evict(rooms.group(groupId), evicted.user.id);
    await postMessage(owner, groupId, "still here?");

    expect(await a.log.waitFor("message:created")).toMatchObject({ content: "still here?" });
    for (const { log } of [b, b2]) {
      await flush(log, evicted);
      expect(log.of("message:created")).toEqual([]);
    }
  });

  it("disconnects the sockets of a session that logs out, and only those", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    const { socket: memberSocket } = await socketOf(member);
    const { socket: ownerSocket, log: ownerLog } = await socketOf(owner);
    expect(await subscribe(memberSocket, { groupId })).toEqual({ ok: true });
    expect(await subscribe(ownerSocket, { groupId })).toEqual({ ok: true });
    const dropped = new Promise<string>((resolve) => memberSocket.once("disconnect", resolve));
    expect((await member.client.post("/api/logout")).status).toBe(204);
    expect(await dropped).toBe("io server disconnect");
    // The other member's socket stays connected and keeps receiving.
    await owner.client.patch(`/api/groups/${groupId}`, { destinationName: "Bergen" });
    await ownerLog.waitFor("group:updated");
    expect(ownerSocket.connected).toBe(true);
  });

  it("empties the room of a deleted group", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    const watchers = [await socketOf(owner), await socketOf(member)];
    for (const { socket } of watchers) expect(await subscribe(socket, { groupId })).toEqual({ ok: true });

    expect((await owner.client.delete(`/api/groups/${groupId}`)).status).toBe(204);
    for (const { log } of watchers) expect(await log.waitFor("group:deleted")).toEqual({ groupId });

    app.services.realtime.publish(rooms.group(groupId), "message:created", {} as never);
    for (const [i, { log }] of watchers.entries()) {
      await flush(log, i === 0 ? owner : member);
      expect(log.of("message:created")).toEqual([]);
    }
  });

  it("stops pushing to evicted sockets here at once, before the eviction has gone round the other instances", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    const { socket, log } = await socketOf(member);
    expect(await subscribe(socket, { groupId })).toEqual({ ok: true });

    // Same tick: with Redis, the other instances only hear of the eviction after a round trip.
    void app.services.realtime.evict(rooms.group(groupId), member.user.id);
    app.services.realtime.publish(rooms.group(groupId), "message:created", {} as never);
    await flush(log, member);
    expect(log.of("message:created")).toEqual([]);
  });

  it("empties the room of a stopped share", async () => {
    const sharer = await buildUser(app);
    const viewer = await buildUser(app);
    const share = await startShare(sharer);
    const { socket, log } = await socketOf(viewer);
    expect(await subscribe(socket, { shareToken: share.shareToken })).toEqual({ ok: true });

    expect((await sharer.client.post(`/api/shared-trips/${share.id}/stop`)).status).toBe(200);
    expect(await log.waitFor("share:ended")).toMatchObject({ reason: "stopped" });

    app.services.realtime.publish(rooms.share(share.shareToken), "share:location", {} as never);
    await flush(log, viewer);
    expect(log.of("share:location")).toEqual([]);
  });
});

describe("handshake", () => {
  it("refuses a connection from a foreign Origin and accepts the app's own", async () => {
    const foreign = createSocket(app.url, { origin: "https://evil.example" });
    const error = (await next(foreign, "connect_error")) as Error;
    foreign.close();
    expect(error).toBeInstanceOf(Error);
    expect(foreign.connected).toBe(false);

    const own = await openSocket(app.url, { origin: app.config.publicUrl });
    sockets.push(own);
    expect(own.connected).toBe(true);
  });

  it("reports Redis in /readyz when it is configured", async () => {
    const res = await app.client().get("/readyz");
    expect(res.status).toBe(200);
    expect(res.body.checks).toEqual(process.env.TEST_REDIS_URL ? { database: "ok", redis: "ok" } : { database: "ok" });
  });
});

describe("shutdown", () => {
  it("drops its sockets as a lost transport, so clients reconnect (to another instance when there is one)", async () => {
    const own = await startTestApp(redisEnv());
    const user = await buildUser(own);
    const socket = await openSocket(own.url, { as: user.client });
    const disconnected = next(socket, "disconnect");

    await own.close();

    // "transport close" is what Socket.IO clients reconnect after; "io server disconnect" would make them give up.
    expect(await disconnected).toBe("transport close");
    socket.close();
  });
});
