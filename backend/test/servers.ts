/**
 * Real servers for tests that need more than one app: a private redis-server on a spare loopback port, and app
 * instances that share a database, as horizontally scaled nodes do.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { loadConfig } from "../src/config.js";
import type { DatabaseTarget } from "../src/db/data-source.js";
import { createLogger } from "../src/logger.js";
import { startServer } from "../src/server.js";
import { TEST_ENV, TestClient, type TestApp } from "./harness.js";

export const hasCommand = (command: string, args = ["-v"]): boolean => {
  try {
    return spawnSync(command, args, { stdio: "ignore" }).status === 0;
  } catch {
    return false;
  }
};

/** A TCP port nobody listens on right now. */
export async function sparePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once something answers on the port (polls: start-up takes as long as it takes). */
export async function waitForPort(port: number, isUp: (reply: string) => boolean, probe = ""): Promise<void> {
  for (;;) {
    const reply = await new Promise<string | null>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let data = "";
      socket.once("connect", () => (probe ? socket.write(probe) : resolve("")));
      socket.on("data", (chunk) => {
        data += chunk.toString();
        if (isUp(data)) {
          socket.destroy();
          resolve(data);
        }
      });
      socket.once("error", () => resolve(null));
    });
    if (reply !== null && isUp(reply)) return;
    await sleep(50);
  }
}

export interface RedisServer {
  url: string;
  /** Kills it as a crash would (SIGKILL). */
  kill(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
}

/** redis-server on a spare loopback port, without persistence; killed when the test process ends. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await sparePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    await waitForPort(port, (reply) => reply.includes("+PONG"), "PING\r\n");
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };
  process.once("exit", () => child?.kill("SIGKILL"));
  await start();
  return { url: `redis://127.0.0.1:${port}`, kill, start };
}

/** An app instance on an existing database (unlike startTestApp, which makes a fresh one). */
export async function startInstance(database: DatabaseTarget, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-test-"));
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...env });
  const running = await startServer({ config, log: createLogger(config.logLevel), database });
  return {
    ...running,
    config,
    client: () => new TestClient(running.url),
    async close() {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The same browser session, talking to another instance. */
export function sameSession(client: TestClient, baseUrl: string): TestClient {
  const other = new TestClient(baseUrl);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

export interface TcpProxy {
  port: number;
  /** Drops every connection through it and refuses new ones, as a restarting server does. */
  cut(): Promise<void>;
  /** Accepts connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A loopback TCP proxy to `target`, which a test can cut and restore: a database restart without touching it. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const port = await sparePort();
  const open = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = async () => {
    const s = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      open.add(client);
      open.add(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
        open.delete(client);
        open.delete(upstream);
      };
      client.on("error", end).on("close", end);
      upstream.on("error", end).on("close", end);
    });
    await new Promise<void>((resolve) => s.listen(port, "127.0.0.1", resolve));
    server = s;
  };
  const cut = async () => {
    const s = server;
    server = null;
    if (s)
      await new Promise((resolve) => {
        s.close(resolve);
        for (const c of open) c.destroy();
        open.clear();
      });
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}
