#!/usr/bin/env node
// Builds common, backend and frontend when a build is missing or older than its sources, so `npm start` works
// right after `npm install` and stays fast on later starts.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const stamp = path.join(root, "backend/dist/.build-stamp");
const outputs = ["backend/dist/main.js", "common/dist/index.js", "frontend/dist/index.html"];
const sources = [
  "common/src",
  "backend/src",
  "frontend/src",
  "frontend/public",
  "frontend/index.html",
  "frontend/vite.config.ts",
  "package-lock.json",
];

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

const missing = outputs.filter((o) => !fs.existsSync(path.join(root, o)));
const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
const changed = Math.max(...sources.map((s) => newest(path.join(root, s)))) > builtAt;

if (missing.length === 0 && !changed) process.exit(0);
console.log(
  missing.length ? `Building Caravan (missing: ${missing.join(", ")})...` : "Sources changed: rebuilding Caravan...",
);
execSync("npm run build", { cwd: root, stdio: "inherit" });
fs.mkdirSync(path.dirname(stamp), { recursive: true });
fs.writeFileSync(stamp, new Date().toISOString());
