#!/usr/bin/env node
// `npm run cluster:restart`: asks the running `npm run cluster` to replace its nodes one at a time (SIGHUP to the
// manager, whose pid is in CLUSTER_PID_FILE, default DATA_DIR/cluster.pid). Same as `kill -HUP $(cat data/cluster.pid)`.
// Started with `--env-file <file>`, the cluster may have its DATA_DIR there: pass the same `--env-file` here.
import fs from "node:fs";
import { clusterPidFile } from "./nginx-local.mjs";

const i = process.argv.indexOf("--env-file");
const fromFile = {};
if (i >= 0) {
  for (const line of fs.readFileSync(process.argv[i + 1] ?? "", "utf8").split("\n")) {
    const m = /^\s*(?:export\s+)?(DATA_DIR|CLUSTER_PID_FILE)\s*=\s*(.*?)\s*$/.exec(line);
    if (m) fromFile[m[1]] = m[2].replace(/^(["'])(.*)\1$/, "$2");
  }
}
const file = clusterPidFile({ ...process.env, ...fromFile });
let pid;
try {
  pid = Number(fs.readFileSync(file, "utf8").trim());
} catch {
  console.error(`npm run cluster:restart: no ${file}; is \`npm run cluster\` running (with the same DATA_DIR)?`);
  process.exit(1);
}
try {
  process.kill(pid, "SIGHUP");
} catch (err) {
  console.error(`npm run cluster:restart: cannot signal pid ${pid} from ${file}: ${err.code ?? err.message}`);
  process.exit(1);
}
console.log(`Rolling restart requested (SIGHUP to the cluster manager, pid ${pid}); it logs each node it replaces.`);
