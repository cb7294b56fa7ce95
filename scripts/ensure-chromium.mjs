#!/usr/bin/env node
// Makes sure the browser tests have their Chromium: CHROME_PATH when set; else Debian's /usr/bin/chromium (the full
// browser, which a few tests need) and /usr/bin/chromium-headless-shell (which draws the other tests' pages for less
// CPU). When one is missing and this is root on a machine with apt-get, installs Debian's package for it; otherwise,
// with the full browser there, the tests run on it alone, and without it this says how to install it.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const FULL = { path: "/usr/bin/chromium", pkg: "chromium" };
const SHELL = { path: "/usr/bin/chromium-headless-shell", pkg: "chromium-headless-shell" };

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
const missing = [FULL, SHELL].filter((b) => !executable(b.path));
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const hasApt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
if (!isRoot || !hasApt) {
  if (executable(FULL.path)) {
    console.log(`ensure-chromium: no ${SHELL.path}; the browser tests run on ${FULL.path}, which takes longer.`);
    process.exit(0);
  }
  fail(
    `no Chromium found at ${FULL.path}. Install Debian's packages (as root: apt-get update && apt-get install -y ` +
      `chromium chromium-headless-shell) or set CHROME_PATH to a Chromium or Chrome binary, then run the browser tests again.`,
  );
}

const packages = missing.map((b) => b.pkg);
console.log(`ensure-chromium: installing Debian's ${packages.join(" and ")} for the browser tests...`);
const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
for (const args of [["update"], ["install", "-y", ...packages]]) {
  const r = spawnSync("apt-get", args, { stdio: "inherit", env });
  if (r.status !== 0)
    fail(`apt-get ${args.join(" ")} failed (exit ${r.status}). Install ${packages.join(" ")} by hand and retry.`);
}
for (const b of missing) if (!executable(b.path)) fail(`apt-get installed ${b.pkg} but ${b.path} is still missing.`);
console.log(`ensure-chromium: ${missing.map((b) => b.path).join(" and ")} ready.`);
