#!/usr/bin/env node
// Records how long each test file took in a whole run, for the order files run in (vitest.config.ts runs the longest
// of each project first). Give it the JSON report of a whole run:
//   npm test -- --reporter=default --reporter=json --outputFile.json=/tmp/report.json
//   node scripts/test-durations.mjs /tmp/report.json
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const report = process.argv[2];
if (!report) {
  console.error("usage: node scripts/test-durations.mjs <vitest JSON report>");
  process.exit(1);
}
const { testResults } = JSON.parse(fs.readFileSync(report, "utf8"));
const seconds = Object.fromEntries(
  testResults
    .map((r) => [
      path.relative(root, r.name).split(path.sep).join("/"),
      Math.round((r.endTime - r.startTime) / 100) / 10,
    ])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
const out = path.join(root, "scripts/test-durations.json");
fs.writeFileSync(out, `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`${Object.keys(seconds).length} files written to ${path.relative(root, out)}.`);
