/**
 * A worker thread of the real-time benchmark (bench/realtime.ts): holds a share of the members' sockets, so that
 * thousands of clients neither delay the writes the main thread sends nor the times they are received at. Reports
 * each delivery as [write seq, receive time] in milliseconds on the clock all threads share
 * (performance.timeOrigin + performance.now()), in batches.
 *
 * Each socket is a plain WebSocket (ws, as the bare reference's clients hold) speaking the Socket.IO protocol itself,
 * as socket.io-client does over its WebSocket transport: Engine.IO v4's open packet, ping answered with pong, and
 * Socket.IO v5's packets in its message packets (connect to the main namespace, the subscribe event with an ack id,
 * events). socket.io-client keeps a manager, an engine and timers for each of thousands of sockets and decodes each
 * packet through them: a third of the machine's CPU at 10,000 sockets, which the server then lacked. Both rows of the
 * benchmark now spend the same on their clients: a WebSocket and one JSON.parse per event.
 *
 * workerData: { members: [{ id, groupId, cookie, url }] }. Messages out: { ready, refused } once every socket is
 * connected and subscribed, then { deliveries: [[seq, at], ...] }. Message in: "close".
 */
import { parentPort, workerData } from "node:worker_threads";
import { WebSocket } from "ws";
import { now, reportDeliveries, seqOf } from "./realtime-thread.mjs";

const CONNECTING_AT_ONCE = 50;
/** Engine.IO packet types (the first character of a frame), then Socket.IO's inside a message packet. */
const OPEN = "0";
const PING = "2";
const PONG = "3";
const CONNECT = "40";
const CONNECT_ERROR = "44";
const SUBSCRIBE_ACK = "430";
const EVENT_PREFIX = '42["location:updated",';

const sockets = [];
const delivered = [];

function open(member) {
  const url = `${member.url.replace(/^http/, "ws")}/socket.io/?EIO=4&transport=websocket`;
  const socket = new WebSocket(url, { headers: { cookie: member.cookie } });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("error", reject);
    socket.on("message", (data) => {
      const text = data.toString();
      if (text.startsWith(EVENT_PREFIX)) {
        const event = JSON.parse(text.slice(EVENT_PREFIX.length, -1));
        if (event.removed || event.userId === member.id) return;
        const seq = seqOf(event.notes);
        if (seq !== null) delivered.push([seq, now()]);
      } else if (text === PING) {
        socket.send(PONG);
      } else if (text.startsWith(OPEN)) {
        socket.send(CONNECT);
      } else if (text.startsWith(CONNECT)) {
        socket.send(`420${JSON.stringify(["subscribe", { groupId: member.groupId }])}`);
      } else if (text.startsWith(SUBSCRIBE_ACK)) {
        resolve(JSON.parse(text.slice(SUBSCRIBE_ACK.length))[0].ok === true);
      } else if (text.startsWith(CONNECT_ERROR)) {
        reject(new Error(`connection refused: ${text.slice(CONNECT_ERROR.length)}`));
      }
    });
  });
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
  for (const socket of sockets) socket.terminate();
});
