/**
 * What the real-time benchmark's client threads (realtime-clients.mjs, realtime-pollers.mjs) share. Plain JavaScript:
 * worker threads do not get the TypeScript loader the benchmark itself runs under.
 */
import { performance } from "node:perf_hooks";

/** Now, in milliseconds, on the clock every thread of the process shares. */
export const now = () => performance.timeOrigin + performance.now();

/** The sequence number a benchmark write carries in its notes ("b<seq>"), or null for any other location. */
export const seqOf = (notes) => {
  const n = typeof notes === "string" && notes.startsWith("b") ? Number(notes.slice(1)) : NaN;
  return Number.isInteger(n) ? n : null;
};

const REPORT_MS = 100;

/**
 * Once the thread's sockets are ready: posts what `delivered` ([seq, at] pairs its sockets push) holds every 100 ms,
 * and on "close" posts the rest, calls `closeSockets` and ends the thread's port.
 */
export function reportDeliveries(port, delivered, closeSockets) {
  const post = () => {
    if (delivered.length > 0) port.postMessage({ deliveries: delivered.splice(0) });
  };
  const report = setInterval(post, REPORT_MS);
  port.on("message", (message) => {
    if (message !== "close") return;
    clearInterval(report);
    post();
    closeSockets();
    port.close();
  });
}
