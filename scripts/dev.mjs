#!/usr/bin/env node
// `npm run dev`: the backend with reload on :5001 and Vite with hot reload on :5173, which proxies /api and
// /socket.io to the backend. Open http://localhost:5173.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const children = [
  spawn(process.execPath, ["--conditions=@caravan/source", "--import", "tsx", "--watch", "backend/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { PORT: "5001", PUBLIC_URL: "http://localhost:5173", ...process.env },
  }),
  spawn(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "--port", "5173", "--strictPort"], {
    cwd: path.join(root, "frontend"),
    stdio: "inherit",
  }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children)
  c.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
