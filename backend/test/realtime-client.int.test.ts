/**
 * The web client's real-time core (frontend/src/realtime/room.ts) against the real server: what useRoom does on a
 * page, without React. A react-query cache stands in for the page's queries.
 */
import { randomBytes } from "node:crypto";
import { QueryClient, QueryObserver } from "@tanstack/query-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RESYNC_EVENT, type GroupMessage, type MessagePage, type SubscribeAck } from "@caravan/common";
import { refetchOlderThan, RoomSubscription, trackFetchStarts } from "../../frontend/src/realtime/room";
import type { RealtimeServer } from "../src/realtime/socket-server.js";
import { buildGroup } from "./factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "./harness.js";
import { EventLog, next, openSocket, subscribe, type TestSocket } from "./sockets.js";

const redisEnv = (): Record<string, string> =>
  process.env.TEST_REDIS_URL
    ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `caravan-test-${randomBytes(6).toString("hex")}` }
    : {};

describe("client room subscriptions", () => {
  let app: TestApp;
  let owner: BuiltUser;
  let member: BuiltUser;
  let groupId: number;
  let otherGroupId: number;
  let socket: TestSocket;
  let raw: EventLog;
  let queryClient: QueryClient;
  let fetches = 0;
  /** The refetch the latest onMissed started. */
  let refetched: Promise<void> = Promise.resolve();
  let messages: QueryObserver<MessagePage>;

  beforeAll(async () => {
    app = await startTestApp(redisEnv());
    owner = await buildUser(app);
    member = await buildUser(app);
    groupId = await buildGroup(app, owner, { members: [member] });
    otherGroupId = await buildGroup(app, owner, { members: [member] });
    socket = await openSocket(app.url, { as: member.client, reconnection: true });
    raw = new EventLog(socket);
    queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 0, retry: false } } });
    trackFetchStarts(queryClient);
    // An active query, as a mounted page has: the group's chat.
    messages = new QueryObserver<MessagePage>(queryClient, {
      queryKey: ["groups", groupId, "messages"],
      queryFn: async () => {
        fetches += 1;
        return (await member.client.get<MessagePage>(`/api/groups/${groupId}/messages`)).body;
      },
    });
    messages.subscribe(() => {});
    await waitForMessages(() => true);
  });
  const rooms: RoomSubscription[] = [];
  afterEach(() => {
    for (const room of rooms.splice(0)) room.stop();
  });
  afterAll(async () => {
    messages?.destroy();
    socket?.close();
    await app?.close();
  });

  /** Resolves once the cached chat satisfies `test` (the observer notifies on every fetch). */
  function waitForMessages(test: (contents: string[]) => boolean): Promise<void> {
    const contents = () => messages.getCurrentResult().data?.messages.map((m) => m.content);
    return new Promise((resolve) => {
      const check = () => {
        const now = contents();
        if (now && test(now)) {
          unsubscribe();
          resolve();
        }
      };
      const unsubscribe = messages.subscribe(check);
      check();
    });
  }

  /** Resolves once no fetch of the chat is in flight. */
  const settled = () =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (messages.getCurrentResult().isFetching) return;
        unsubscribe();
        resolve();
      };
      const unsubscribe = messages.subscribe(check);
      check();
    });

  const post = async (gid: number, content: string) => {
    const res = await owner.client.post(`/api/groups/${gid}/messages`, { content, messageType: "text" });
    expect(res.status).toBe(201);
  };

  /** A room subscription as useRoom makes it; resolves once the server has answered and the refetch is done. */
  async function follow(gid: number, received: GroupMessage[], acks: SubscribeAck[] = []) {
    let answered!: () => void;
    const firstAck = new Promise<void>((resolve) => (answered = resolve));
    const room = new RoomSubscription(
      socket,
      { groupId: gid },
      {
        handlers: () => ({ "message:created": (m) => received.push(m) }),
        onAck: (ack) => {
          acks.push(ack);
          answered();
        },
        onMissed: (since) => {
          refetched = refetchOlderThan(queryClient, since);
        },
      },
    ).start();
    rooms.push(room);
    await firstAck;
    await refetched;
    return room;
  }

  /** The server handles a socket's packets in order: once this answer is back, earlier requests have taken effect. */
  const barrier = () => subscribe(socket, { groupId: otherGroupId });

  it("hands a room's events to its handlers, and only that room's", async () => {
    const here: GroupMessage[] = [];
    const there: GroupMessage[] = [];
    const acks: SubscribeAck[] = [];
    const a = await follow(groupId, here, acks);
    const b = await follow(otherGroupId, there);
    expect(acks).toEqual([{ ok: true }]);

    await post(otherGroupId, "for the other group");
    await raw.waitFor("message:created", (m) => m.content === "for the other group");
    expect(there.map((m) => m.content)).toEqual(["for the other group"]);
    expect(here).toEqual([]);

    await post(groupId, "for this group");
    await raw.waitFor("message:created", (m) => m.content === "for this group");
    expect(here.map((m) => m.content)).toEqual(["for this group"]);
    a.stop();
    b.stop();
  });

  it("subscribes again after a reconnect and refetches what was missed meanwhile, once", async () => {
    const received: GroupMessage[] = [];
    const acks: SubscribeAck[] = [];
    const room = await follow(groupId, received, acks);
    await settled();
    const fetchesBefore = fetches;

    socket.disconnect();
    await post(groupId, "sent while offline");
    const reconnected = next(socket, "connect");
    socket.connect();
    await reconnected;

    await waitForMessages((contents) => contents.includes("sent while offline"));
    expect(acks).toEqual([{ ok: true }, { ok: true }]);
    expect(received).toEqual([]);
    expect(fetches).toBe(fetchesBefore + 1);

    // Live again on the new connection.
    await post(groupId, "after the reconnect");
    await raw.waitFor("message:created", (m) => m.content === "after the reconnect");
    expect(received.map((m) => m.content)).toEqual(["after the reconnect"]);
    room.stop();
  });

  it("refetches when the server says events were lost", async () => {
    const room = await follow(groupId, []);
    await settled();
    const fetchesBefore = fetches;
    (app.services.realtime as RealtimeServer).io.local.emit(RESYNC_EVENT);
    await raw.waitFor(RESYNC_EVENT);
    await refetched;
    expect(fetches).toBe(fetchesBefore + 1);
    room.stop();
  });

  it("unsubscribes when the last follower of a room stops", async () => {
    const first: GroupMessage[] = [];
    const second: GroupMessage[] = [];
    const a = await follow(groupId, first);
    const b = await follow(groupId, second);
    const marker = await follow(otherGroupId, []);

    a.stop();
    await barrier();
    await post(groupId, "one follower left");
    await raw.waitFor("message:created", (m) => m.content === "one follower left");
    expect(second.map((m) => m.content)).toEqual(["one follower left"]);
    expect(first).toEqual([]);

    b.stop();
    await barrier();
    await post(groupId, "nobody follows");
    await post(otherGroupId, "marker");
    await raw.waitFor("message:created", (m) => m.content === "marker");
    expect(raw.of("message:created").map((m) => m.content)).not.toContain("nobody follows");
    marker.stop();
  });
});
