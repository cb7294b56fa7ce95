/**
 * The real-time benchmark's reference (bench/realtime.ts, mode "bare"): the same shape as the app's push with nothing
 * of the app in it. Two of these run side by side, like the app's two instances, sharing Redis. A write is a POST of
 * a location to /api/groups/{id}/locations: the body is read and parsed, answered with the event as JSON, sent as one
 * WebSocket message to every socket of that group held here, and published once to Redis for the other instance,
 * which sends it to its own. No database, no sessions, no Socket.IO: node:http, ws (the WebSocket library Socket.IO's
 * server runs on) and ioredis (the Redis client of the app's adapter).
 *
 * A socket connects to /bare?group={id} and is in that group's room from its first byte. The writer is named by the
 * x-bench-member header, since there are no sessions. Environment: PORT, REDIS_URL, CHANNEL.
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { WebSocketServer } from "ws";

const WRITE_PATH = /^\/api\/groups\/(\d+)\/locations$/;
const instance = randomBytes(8).toString("hex");
const channel = process.env.CHANNEL;
const pub = new Redis(process.env.REDIS_URL, { enableAutoPipelining: true });
const sub = new Redis(process.env.REDIS_URL);

/** The sockets held here, by group. */
const groups = new Map();

const sendToGroup = (groupId, data) => {
  for (const socket of groups.get(groupId) ?? []) socket.send(data);
};

sub.on("message", (_channel, message) => {
  // "<instance> <group> <message>": this instance's own messages were sent here already.
  const [from, group] = message.split(" ", 2);
  if (from === instance) return;
  sendToGroup(Number(group), message.slice(from.length + group.length + 2));
});

const server = http.createServer((req, res) => {
  const match = req.method === "POST" ? WRITE_PATH.exec(req.url ?? "") : null;
  if (!match) {
    res.writeHead(req.url === "/readyz" ? 200 : 404).end();
    return;
  }
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const groupId = Number(match[1]);
    const location = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const event = JSON.stringify({
      groupId,
      userId: req.headers["x-bench-member"],
      latitude: location.latitude,
      longitude: location.longitude,
      address: location.address,
      notes: location.notes,
      updatedAt: new Date().toISOString(),
    });
    const message = `42["location:updated",${event}]`;
    res.writeHead(201, { "content-type": "application/json", "content-length": Buffer.byteLength(event) });
    res.end(event);
    sendToGroup(groupId, message);
    void pub.publish(channel, `${instance} ${groupId} ${message}`);
  });
});

const sockets = new WebSocketServer({ server, path: "/bare" });
sockets.on("connection", (socket, req) => {
  const groupId = Number(new URL(req.url ?? "", "http://localhost").searchParams.get("group"));
  const room = groups.get(groupId) ?? new Set();
  groups.set(groupId, room);
  room.add(socket);
  socket.on("close", () => room.delete(socket));
});

await sub.subscribe(channel);
server.listen(Number(process.env.PORT), "127.0.0.1");
// Nothing to keep: the sockets' clients are done by the time the benchmark stops it.
process.once("SIGTERM", () => process.exit(0));
