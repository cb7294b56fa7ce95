import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { roomAwareRedisAdapter } from "./room-adapter.js";

const url = process.env.TEST_REDIS_URL;

interface Instance {
  io: Server;
  url: string;
  /** How many packets this instance encoded for its own sockets. */
  encoded(): number;
}

const servers: Server[] = [];
const connections: Redis[] = [];
const clients: Socket[] = [];

/** A Socket.IO server on its own port, fanned out through Redis with the given adapter factory. */
async function instance(adapter: typeof roomAwareRedisAdapter | typeof createAdapter, key: string): Promise<Instance> {
  const pub = new Redis(url!);
  const sub = new Redis(url!);
  connections.push(pub, sub);
  const server = http.createServer();
  const io = new Server(server);
  servers.push(io);
  io.adapter(adapter(pub, sub, { key }));
  io.on("connection", (socket) => {
    socket.on("join", (room: string, ack: () => void) => {
      void socket.join(room);
      ack();
    });
  });
  // The in-memory base encodes a broadcast for the local sockets through its encoder (a private field).
  const encoder = (io.of("/").adapter as unknown as { encoder: { encode(p: unknown): unknown } }).encoder;
  let encoded = 0;
  const encode = encoder.encode.bind(encoder);
  encoder.encode = (packet) => {
    encoded += 1;
    return encode(packet);
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  await sub.ping(); // subscribed once a command after SUBSCRIBE is answered
  return { io, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, encoded: () => encoded };
}

/** A client connected to `at`, in `room`, with what it received. */
async function member(at: Instance, room: string): Promise<string[]> {
  const socket = connect(at.url, { transports: ["websocket"], reconnection: false });
  clients.push(socket);
  const received: string[] = [];
  socket.on("news", (text: string) => received.push(text));
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  await socket.emitWithAck("join", room);
  return received;
}

afterAll(async () => {
  for (const c of clients) c.close();
  await Promise.all(servers.map((s) => s.close()));
  await Promise.all(connections.map((c) => c.quit()));
});

describe.skipIf(!url)("the room-aware Redis adapter", () => {
  const key = `caravan-test-${randomBytes(6).toString("hex")}:socket.io`;
  let a: Instance;
  let b: Instance;
  /** An instance of the adapter as published, on the same channels: an instance of an earlier release. */
  let plain: Instance;

  beforeAll(async () => {
    a = await instance(roomAwareRedisAdapter, key);
    b = await instance(roomAwareRedisAdapter, key);
    plain = await instance(createAdapter, key);
  });

  it("publishes a broadcast nobody here receives without encoding it here, and the others deliver it", async () => {
    const onB = await member(b, "group:1");
    const onPlain = await member(plain, "group:1");
    const before = a.encoded();
    a.io.to("group:1").emit("news", "from A");
    await expect.poll(() => onB).toEqual(["from A"]);
    await expect.poll(() => onPlain).toEqual(["from A"]);
    expect(a.encoded()).toBe(before);

    // Nor for a broadcast to every socket while none is connected here.
    a.io.emit("news", "to everyone");
    await expect.poll(() => onB).toEqual(["from A", "to everyone"]);
    expect(a.encoded()).toBe(before);
  });

  it("encodes and delivers here as before once a socket here is in the room", async () => {
    const onA = await member(a, "group:2");
    const onB = await member(b, "group:2");
    const before = a.encoded();
    a.io.to("group:2").emit("news", "with a local member");
    await expect.poll(() => onA).toEqual(["with a local member"]);
    await expect.poll(() => onB).toEqual(["with a local member"]);
    expect(a.encoded()).toBe(before + 1);

    // Rooms held nowhere here, besides one held here: still delivered everywhere.
    a.io.to(["group:404", "group:2"]).emit("news", "two rooms");
    await expect.poll(() => onA).toEqual(["with a local member", "two rooms"]);
    await expect.poll(() => onB).toEqual(["with a local member", "two rooms"]);
  });

  it("neither encodes nor publishes a broadcast to this instance's sockets only while none is in the room", async () => {
    const onB = await member(b, "group:4");
    const before = a.encoded();
    a.io.local.to("group:4").emit("news", "only for A's sockets");
    expect(a.encoded()).toBe(before);

    const onA = await member(a, "group:4");
    const withA = a.encoded();
    a.io.local.to("group:4").emit("news", "for A's socket");
    await expect.poll(() => onA).toEqual(["for A's socket"]);
    expect(a.encoded()).toBe(withA + 1);
    // B got neither: what was meant for A's sockets was never published.
    a.io.to("group:4").emit("news", "for everyone");
    await expect.poll(() => onB).toEqual(["for everyone"]);
  });

  it("is understood by the adapter as published, both ways", async () => {
    const onA = await member(a, "group:3");
    plain.io.to("group:3").emit("news", "from an earlier release");
    await expect.poll(() => onA).toEqual(["from an earlier release"]);
  });
});
