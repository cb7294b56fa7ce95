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
