/**
 * A worker thread of the real-time benchmark (bench/realtime.ts): holds a share of the members' sockets, so that
 * thousands of clients neither delay the writes the main thread sends nor the times they are received at. Reports
 * each delivery as [write seq, receive time] in milliseconds on the clock all threads share
 * (performance.timeOrigin + performance.now()), in batches.
 *
 * workerData: { members: [{ id, groupId, cookie, url }] }. Messages out: { ready, refused } once every socket is
 * connected and subscribed, then { deliveries: [[seq, at], ...] }. Message in: "close".
 */
import { parentPort, workerData } from "node:worker_threads";
import { now, reportDeliveries, seqOf } from "./realtime-thread.mjs";
import { io } from "socket.io-client";

const CONNECTING_AT_ONCE = 50;

const sockets = [];
const delivered = [];

async function open(member) {
  const socket = io(member.url, {
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    extraHeaders: { cookie: member.cookie },
  });
  sockets.push(socket);
  await new Promise((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  socket.on("location:updated", (event) => {
    if (event.removed || event.userId === member.id) return;
    const seq = seqOf(event.notes);
    if (seq !== null) delivered.push([seq, now()]);
  });
  const ack = await socket.emitWithAck("subscribe", { groupId: member.groupId });
  return ack.ok;
}

const members = workerData.members;
let next = 0;
let refused = 0;
await Promise.all(
  Array.from({ length: Math.min(CONNECTING_AT_ONCE, members.length) }, async () => {
    while (next < members.length) {
      if (!(await open(members[next++]))) refused += 1;
    }
  }),
);
parentPort.postMessage({ ready: sockets.length, refused });

reportDeliveries(parentPort, delivered, () => {
  for (const socket of sockets) socket.close();
});
