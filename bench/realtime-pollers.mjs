/**
 * A worker thread of the real-time benchmark's polling phase (bench/realtime.ts): its share of the members each read
 * GET /api/groups/{id}/locations every `intervalMs`, from a random starting moment, over a kept-alive connection of
 * their own, as a member's browser does while its socket is down. Polling here keeps thousands of readers (and the
 * parsing of what they read) off the thread that sends the writes and times them.
 *
 * Reports what each poll newly showed: [userId, seq before, seq now, at] for every other member whose latest write
 * (its notes carry "b<seq>") is newer than the last one this member saw, `at` on the clock all threads share
 * (performance.timeOrigin + performance.now()), in batches.
 *
 * workerData: { members: [{ id, groupId, cookie, url }], intervalMs }. Messages out: { polledOnce } once every member's
 * first poll has been answered (or failed),
 * { seen: [[userId, before, seq, at], ...] }, and { closed, failures } after "close" once every poll has ended.
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { parentPort, workerData } from "node:worker_threads";
import { now, seqOf } from "./realtime-thread.mjs";

const REPORT_MS = 100;

const { members, intervalMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: members.length });
let stop = false;
let failures = 0;
let pending = [];
let polledOnce = 0;

function get(url, cookie) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { cookie } }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

async function poll(member) {
  const seen = new Map();
  const url = `${member.url}/api/groups/${member.groupId}/locations`;
  let due = performance.now() + Math.random() * intervalMs;
  let first = true;
  while (!stop) {
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    if (stop) return;
    // The app polls with TanStack Query's `refetchInterval`: a timer every `intervalMs` whose tick finds the read
    // still in flight joins it. A late answer therefore skips the ticks it spanned rather than sending them at once.
    due += intervalMs;
    try {
      const res = await get(url, member.cookie);
      const at = now();
      if (res.status !== 200) {
        failures += 1;
        continue;
      }
      for (const location of JSON.parse(res.body.toString("utf8"))) {
        if (location.userId === member.id) continue;
        const seq = seqOf(location.notes);
        const before = seen.get(location.userId) ?? -1;
        if (seq === null || seq <= before) continue;
        seen.set(location.userId, seq);
        pending.push([location.userId, before, seq, at]);
      }
    } catch {
      failures += 1;
    } finally {
      while (due < performance.now()) due += intervalMs;
      if (first) {
        first = false;
        polledOnce += 1;
        if (polledOnce === members.length) parentPort.postMessage({ polledOnce: true });
      }
    }
  }
}

const pollers = members.map((m) => poll(m));

const report = setInterval(() => {
  if (pending.length === 0) return;
  parentPort.postMessage({ seen: pending });
  pending = [];
}, REPORT_MS);

parentPort.on("message", async (message) => {
  if (message !== "close") return;
  stop = true;
  await Promise.all(pollers);
  clearInterval(report);
  if (pending.length > 0) parentPort.postMessage({ seen: pending });
  agent.destroy();
  parentPort.postMessage({ closed: true, failures });
  parentPort.close();
});
