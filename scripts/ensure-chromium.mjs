#!/usr/bin/env node
// Makes sure the browser tests have a Chromium: CHROME_PATH, else Debian's /usr/bin/chromium. When neither is
// there and this is root on a machine with apt-get, installs Debian's `chromium` package; otherwise says how to.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const DEFAULT_PATH = "/usr/bin/chromium";

function executable(p) {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

function fail(message) {
  console.error(`ensure-chromium: ${message}`);
  process.exit(1);
}

const configured = process.env.CHROME_PATH;
if (configured) {
  if (executable(configured)) process.exit(0);
  fail(
    `CHROME_PATH is set to ${configured}, which is not an executable file. Point it at a Chromium or Chrome binary.`,
  );
}
if (executable(DEFAULT_PATH)) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
if (!isRoot || !hasApt) {
  fail(
    `no Chromium found at ${DEFAULT_PATH}. Install Debian's package (as root: apt-get update && apt-get install -y chromium) ` +
      "or set CHROME_PATH to a Chromium or Chrome binary, then run the browser tests again.",
  );
}

console.log("ensure-chromium: installing Debian's chromium package for the browser tests...");
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [["update"], ["install", "-y", "chromium"]]) {
  const r = spawnSync("apt-get", args, { stdio: "inherit", env });
  if (r.status !== 0) fail(`apt-get ${args.join(" ")} failed (exit ${r.status}). Install chromium by hand and retry.`);
}
if (!executable(DEFAULT_PATH)) fail(`apt-get installed chromium but ${DEFAULT_PATH} is still missing.`);
console.log(`ensure-chromium: ${DEFAULT_PATH} is ready.`);
