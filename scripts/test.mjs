#!/usr/bin/env node
// `npm test`: the whole suite. Builds what the browser tests serve, makes sure Chromium is there, then runs the
// unit, integration and browser projects. Integration tests use real PostgreSQL and Redis when TEST_DATABASE_URL
// and TEST_REDIS_URL are set, and the embedded database otherwise.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

run(process.execPath, ["scripts/ensure-built.mjs"]);
run(process.execPath, ["scripts/ensure-chromium.mjs"]);
const where = process.env.TEST_DATABASE_URL ? "PostgreSQL at TEST_DATABASE_URL" : "the embedded database";
console.log(`Integration tests run on ${where}${process.env.TEST_REDIS_URL ? " with Redis at TEST_REDIS_URL" : ""}.`);
run(process.execPath, ["node_modules/vitest/vitest.mjs", "run", ...process.argv.slice(2)]);
