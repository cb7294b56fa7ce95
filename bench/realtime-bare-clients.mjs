/**
 * A worker thread of the real-time benchmark's reference (realtime-bare-server.mjs): like realtime-clients.mjs, but
 * each member holds a plain WebSocket (ws) to the bare server, in its group's room from the start. Reports each
 * delivery as [write seq, receive time] in batches, on the clock all threads share.
 *
 * workerData: { members: [{ id, groupId, url }] }. Messages out: { ready, refused: 0 } once every socket is open, then
 * { deliveries: [[seq, at], ...] }. Message in: "close".
 */
import { parentPort, workerData } from "node:worker_threads";
import { WebSocket } from "ws";
import { now, reportDeliveries, seqOf } from "./realtime-thread.mjs";

const CONNECTING_AT_ONCE = 50;
const EVENT_PREFIX = '42["location:updated",';

const sockets = [];
const delivered = [];

async function open(member) {
  const socket = new WebSocket(`${member.url.replace(/^http/, "ws")}/bare?group=${member.groupId}`);
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  socket.on("message", (data) => {
    const text = data.toString();
    if (!text.startsWith(EVENT_PREFIX)) return;
    const event = JSON.parse(text.slice(EVENT_PREFIX.length, -1));
    if (event.userId === member.id) return;
    const seq = seqOf(event.notes);
    if (seq !== null) delivered.push([seq, now()]);
  });
}

const members = workerData.members;
let next = 0;
await Promise.all(
  Array.from({ length: Math.min(CONNECTING_AT_ONCE, members.length) }, async () => {
    while (next < members.length) await open(members[next++]);
  }),
);
parentPort.postMessage({ ready: sockets.length, refused: 0 });

reportDeliveries(parentPort, delivered, () => {
  for (const socket of sockets) socket.terminate();
});
