#!/usr/bin/env node
// `npm run cluster`: the scaled-out shape without Docker. Runs N backend instances (default 2) on consecutive
// ports after PORT, all on one PostgreSQL database and one Redis, with Debian's nginx in front on PORT using a
// configuration derived from nginx.conf. Ctrl-C stops everything.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/caravan REDIS_URL=redis://127.0.0.1:6379 npm run cluster
//   ... npm run cluster -- --instances 3
//
// The instances share DATA_DIR (default ./data): generated secrets, uploads and the outbox are the same for all,
// as they must be. Set SESSION_SECRET and DATA_ENCRYPTION_KEY to keep secrets out of it.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { findNginx, root, writeLocalNginxConfig } from "./nginx-local.mjs";

const MAX_INSTANCES = 16;

function fail(message) {
  console.error(`npm run cluster: ${message}`);
  process.exit(1);
}

function parseInstances(argv) {
  const i = argv.findIndex((a) => a === "--instances" || a === "-n");
  const raw = i >= 0 ? argv[i + 1] : (argv.find((a) => a.startsWith("--instances="))?.split("=")[1] ?? "2");
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_INSTANCES)
    fail(`--instances must be a whole number from 1 to ${MAX_INSTANCES}`);
  return n;
}

const instances = parseInstances(process.argv.slice(2));
const missing = ["DATABASE_URL", "REDIS_URL"].filter((name) => !process.env[name]?.trim());
if (missing.length > 0) {
  fail(
    `${missing.join(" and ")} must be set: every instance uses the same PostgreSQL database, and Redis carries ` +
      "real-time events between them. For example:\n" +
      "  DATABASE_URL=postgres://postgres@127.0.0.1:5432/caravan REDIS_URL=redis://127.0.0.1:6379 npm run cluster",
  );
}
const nginx = findNginx();
if (!nginx) fail("nginx was not found (looked for $NGINX, nginx on PATH and /usr/sbin/nginx): apt-get install nginx");

const port = Number(process.env.PORT || 5000);
if (!Number.isInteger(port) || port < 1 || port + instances > 65535)
  fail(`PORT must be a port number (got "${process.env.PORT}")`);
const backendPorts = Array.from({ length: instances }, (_, i) => port + 1 + i);
const publicUrl = process.env.PUBLIC_URL || `http://localhost:${port}`;
const dataDir = path.resolve(root, process.env.DATA_DIR || "data");

const built = spawnSync(process.execPath, ["scripts/ensure-built.mjs"], { cwd: root, stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);

const children = new Set();
let stopping = false;

function run(name, command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  for (const stream of [child.stdout, child.stderr]) {
    let partial = "";
    stream.on("data", (chunk) => {
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop();
      for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (stopping) return;
    console.error(`[${name}] exited (${signal ?? code})`);
    // A lost backend is what the cluster is for: the others carry on. Without nginx nothing is reachable.
    if (name === "nginx" || children.size === (nginxProcess ? 1 : 0)) stop(1);
  });
  return child;
}

async function waitReady(name, child, backendPort) {
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) fail(`${name} stopped before it was ready`);
    try {
      const res = await fetch(`http://127.0.0.1:${backendPort}/readyz`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
}

const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-cluster-"));
let nginxProcess = null;

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log("stopping the cluster...");
  const exits = [...children].map((child) => new Promise((resolve) => child.once("exit", resolve)));
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(exits);
  fs.rmSync(runDir, { recursive: true, force: true });
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

const backendEnv = (backendPort) => ({
  PORT: String(backendPort),
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: "true",
  DATA_DIR: dataDir,
});
const startBackend = (i) => {
  const name = `backend ${i + 1}`;
  const child = run(
    name,
    process.execPath,
    ["--enable-source-maps", "backend/dist/main.js"],
    backendEnv(backendPorts[i]),
  );
  return waitReady(name, child, backendPorts[i]);
};

// The first instance migrates the database and writes any generated secrets before the others read them.
await startBackend(0);
await Promise.all(backendPorts.slice(1).map((_, i) => startBackend(i + 1)));

nginxProcess = run("nginx", nginx, writeLocalNginxConfig({ listenPort: port, backendPorts, runDir, workers: 2 }));
for (;;) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`);
    await res.arrayBuffer();
    if (res.ok) break;
  } catch {
    // nginx still starting
  }
  if (stopping) break;
  await sleep(100);
}
console.log(
  `\nCaravan cluster: ${publicUrl} (nginx) -> ${instances} instance(s) on ports ${backendPorts.join(", ")}, ` +
    `sharing DATABASE_URL and REDIS_URL. Press Ctrl-C to stop.\n`,
);
