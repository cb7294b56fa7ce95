#!/usr/bin/env node
// `npm run cluster`: the scaled-out shape without Docker. Runs N backend instances (default 2) on consecutive
// ports after PORT, all on one PostgreSQL database and one Redis, with Debian's nginx in front on PORT using a
// configuration derived from nginx.conf. Ctrl-C (or SIGTERM) stops everything.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/caravan REDIS_URL=redis://127.0.0.1:6379 npm run cluster
//   ... npm run cluster -- --instances 3
//   ... npm run cluster -- --from-source      (nodes run the TypeScript sources through tsx; nothing is built)
//   ... npm run cluster -- --env-file caravan.env
//       (KEY=value lines read again each time a node starts, over the manager's environment: a rolling restart
//       picks up changed settings)
//
// Rolling restart: `npm run cluster:restart` (or `kill -HUP $(cat data/cluster.pid)`) replaces the nodes one at a
// time. Each node in turn leaves nginx (a reload without it), drains (stops accepting, finishes what it serves,
// drops its sockets so their clients reconnect to the others) and exits; a fresh one starts, and rejoins nginx once
// its /readyz answers. The manager writes its pid to CLUSTER_PID_FILE (default DATA_DIR/cluster.pid). npm forwards
// only SIGINT and SIGTERM to the script it runs, so the signal must go to this process, not to npm.
//
// The instances share DATA_DIR (default ./data): generated secrets, uploads and the outbox are the same for all,
// as they must be. Set SESSION_SECRET and DATA_ENCRYPTION_KEY to keep secrets out of it.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { clusterPidFile, findNginx, root, writeLocalNginxConfig } from "./nginx-local.mjs";

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
const fromSource = process.argv.includes("--from-source");
const envFileIndex = process.argv.indexOf("--env-file");
const envFile = envFileIndex >= 0 ? path.resolve(process.argv[envFileIndex + 1] ?? "") : null;

/** KEY=value lines; blank lines and # comments skipped; one pair of surrounding quotes dropped. */
function readEnvFile(file) {
  const env = {};
  for (const [i, raw] of fs.readFileSync(file, "utf8").split("\n").entries()) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m) throw new Error(`${file}:${i + 1}: expected KEY=value`);
    env[m[1]] = m[2].replace(/^(["'])(.*)\1$/, "$2");
  }
  return env;
}
if (envFile) {
  try {
    readEnvFile(envFile);
  } catch (err) {
    fail(err.message);
  }
}
const fileEnv = envFile ? readEnvFile(envFile) : {};
const missing = ["DATABASE_URL", "REDIS_URL"].filter((name) => !(fileEnv[name] ?? process.env[name])?.trim());
if (missing.length > 0) {
  fail(
    `${missing.join(" and ")} must be set: every instance uses the same PostgreSQL database, and Redis carries ` +
      "real-time events between them. For example:\n" +
      "  DATABASE_URL=postgres://postgres@127.0.0.1:5432/caravan REDIS_URL=redis://127.0.0.1:6379 npm run cluster",
  );
}
const nginx = findNginx();
if (!nginx) fail("nginx was not found (looked for $NGINX, nginx on PATH and /usr/sbin/nginx): apt-get install nginx");

const setting = (name) => fileEnv[name] ?? process.env[name];
const port = Number(setting("PORT") || 5000);
if (!Number.isInteger(port) || port < 1 || port + instances > 65535)
  fail(`PORT must be a port number (got "${setting("PORT")}")`);
const backendPorts = Array.from({ length: instances }, (_, i) => port + 1 + i);
const publicUrl = setting("PUBLIC_URL") || `http://localhost:${port}`;
const dataDir = path.resolve(root, setting("DATA_DIR") || "data");
const pidFile = clusterPidFile({ ...process.env, ...fileEnv });

if (!fromSource) {
  const built = spawnSync(process.execPath, ["scripts/ensure-built.mjs"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const children = new Set();
let stopping = false;

function run(name, command, args, env = {}, onExit = () => {}) {
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
    if (onExit(code, signal) === "expected") return;
    console.error(`[${name}] exited (${signal ?? code})`);
    // A lost backend is what the cluster is for: the others carry on. Without nginx nothing is reachable.
    if (name === "nginx" || children.size === (nginxProcess ? 1 : 0)) stop(1);
  });
  return child;
}

const alive = (child) => child && child.exitCode === null && child.signalCode === null;

async function waitReady(node) {
  for (;;) {
    if (!alive(node.child)) throw new Error(`${node.name} stopped before it was ready`);
    try {
      const res = await fetch(`http://127.0.0.1:${node.port}/readyz`);
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
  if (readPid() === process.pid) fs.rmSync(pidFile, { force: true });
  process.exit(code);
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

function readPid() {
  try {
    return Number(fs.readFileSync(pidFile, "utf8").trim());
  } catch {
    return null;
  }
}

const backendEnv = (backendPort) => ({
  // Each instance is one process (the manager spreads the load over them) unless WORKERS says otherwise.
  WORKERS: process.env.WORKERS ?? "1",
  ...(envFile ? readEnvFile(envFile) : {}),
  PORT: String(backendPort),
  PUBLIC_URL: publicUrl,
  TRUST_PROXY: "true",
  DATA_DIR: dataDir,
});
const nodeArgs = fromSource
  ? ["--conditions=@caravan/source", "--import", "tsx", "backend/src/main.ts"]
  : ["--max-semi-space-size=64", "--enable-source-maps", "backend/dist/main.js"];

/** One entry per backend slot; a rolling restart replaces the process of each in turn. */
const nodes = backendPorts.map((backendPort, i) => ({
  name: `backend ${i + 1}`,
  port: backendPort,
  child: null,
  /** Set while the manager itself stops this node, so its exit is not reported as a crash. */
  replacing: false,
}));

async function startNode(node) {
  node.replacing = false;
  node.child = run(node.name, process.execPath, nodeArgs, backendEnv(node.port), () =>
    node.replacing ? "expected" : undefined,
  );
  await waitReady(node);
  console.log(`${node.name} is ready on port ${node.port} (pid ${node.child.pid})`);
}

/** The pids of nginx's worker processes now (children of its master). */
function nginxWorkers() {
  const master = nginxProcess?.pid;
  const workers = new Set();
  if (!master) return workers;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces, so read after its closing parenthesis.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === master) workers.add(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return workers;
}

const NGINX_WORKERS = 2;
const nginxArgs = (ports) =>
  writeLocalNginxConfig({ listenPort: port, backendPorts: ports, runDir, workers: NGINX_WORKERS });

/**
 * Points nginx at `ports` and resolves once its new workers run: from then on new requests reach only those ports.
 * The old workers finish the requests they hold and exit; WebSockets they still carry close after nginx.conf's
 * worker_shutdown_timeout, and their clients reconnect through the new workers.
 */
async function routeTo(ports) {
  const before = nginxWorkers();
  nginxArgs(ports);
  nginxProcess.kill("SIGHUP");
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const fresh = [...nginxWorkers()].filter((pid) => !before.has(pid));
    if (fresh.length >= NGINX_WORKERS) return;
    await sleep(50);
  }
  throw new Error("nginx did not start workers with the new configuration within 10 s (see its error log)");
}

let rolling = null;

/** SIGHUP: replace every node, one at a time, without failing a call. */
async function rollingRestart() {
  const started = Date.now();
  // A broken settings file stops the restart before any node is touched.
  if (envFile) readEnvFile(envFile);
  console.log(`rolling restart of ${nodes.length} node(s)...`);
  // Nodes that died come back first, so that the running ones always have somebody to hand over to.
  const revived = nodes.filter((n) => !alive(n.child));
  for (const node of revived) {
    if (stopping) return;
    await startNode(node);
    await routeTo(nodes.filter((n) => alive(n.child)).map((n) => n.port));
  }
  for (const node of nodes.filter((n) => !revived.includes(n))) {
    if (stopping) return;
    const others = nodes.filter((n) => n !== node && alive(n.child)).map((n) => n.port);
    if (others.length > 0) await routeTo(others);
    else console.warn(`${node.name} is the only node running: calls fail while it restarts`);
    // Requests nginx's old workers had already sent here finish; new ones go to the others.
    await sleep(500);
    if (alive(node.child)) {
      node.replacing = true;
      const exited = new Promise((resolve) => node.child.once("exit", resolve));
      node.child.kill("SIGTERM");
      await exited;
    }
    await startNode(node);
    await routeTo(nodes.filter((n) => alive(n.child)).map((n) => n.port));
  }
  console.log(`rolling restart done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

process.on("SIGHUP", () => {
  if (!nginxProcess) {
    console.warn("SIGHUP ignored: the cluster is still starting");
    return;
  }
  if (rolling) {
    console.warn("SIGHUP ignored: a rolling restart is already running");
    return;
  }
  rolling = rollingRestart()
    .catch((err) => console.error(`rolling restart failed: ${err.message}`))
    .finally(() => {
      rolling = null;
    });
});

// The first instance migrates the database and writes any generated secrets before the others read them.
try {
  await startNode(nodes[0]);
  await Promise.all(nodes.slice(1).map((node) => startNode(node)));
} catch (err) {
  console.error(`npm run cluster: ${err.message}`);
  await stop(1);
}

nginxProcess = run("nginx", nginx, nginxArgs(backendPorts));
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
fs.mkdirSync(path.dirname(pidFile), { recursive: true });
fs.writeFileSync(pidFile, `${process.pid}\n`);
console.log(
  `\nCaravan cluster: ${publicUrl} (nginx) -> ${instances} instance(s) on ports ${backendPorts.join(", ")}, ` +
    `sharing DATABASE_URL and REDIS_URL. Manager pid ${process.pid} (in ${pidFile}).\n` +
    `Rolling restart: npm run cluster:restart. Press Ctrl-C to stop.\n`,
);
