// Derives a local nginx configuration from the repository's nginx.conf (the docker-compose one), for
// `npm run cluster` and the scale-out test: backends on loopback ports instead of backend1/backend2, a loopback
// listen port, the built frontend's directory as the asset root, and logs, pid and temp files in a run directory
// so that nginx runs without touching /var. Everything else (routing, WebSocket upgrade, timeouts, stickiness)
// is used exactly as written there.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where `npm run cluster` writes its manager's pid: CLUSTER_PID_FILE, or DATA_DIR/cluster.pid (default ./data). */
export function clusterPidFile(env) {
  if (env.CLUSTER_PID_FILE) return path.resolve(root, env.CLUSTER_PID_FILE);
  return path.join(path.resolve(root, env.DATA_DIR || "data"), "cluster.pid");
}

/** Debian installs nginx outside a normal user's PATH. */
export function findNginx() {
  for (const candidate of [process.env.NGINX, "nginx", "/usr/sbin/nginx"]) {
    if (!candidate) continue;
    const r = spawnSync(candidate, ["-v"], { stdio: "ignore" });
    if (!r.error && r.status === 0) return candidate;
  }
  return null;
}

function replaceIn(text, pattern, replacement, what) {
  if (!new RegExp(pattern.source, pattern.flags.replace("g", "")).test(text)) {
    throw new Error(`nginx.conf no longer has ${what}; update scripts/nginx-local.mjs to match it`);
  }
  return text.replace(pattern, replacement);
}

/**
 * @param {{ listenPort: number, backendPorts: number[], runDir: string, assetsRoot?: string, workers?: number }} o
 * @returns {string} the configuration text; run it with
 *   nginx -c <file> -e <runDir>/error.log -g 'daemon off; pid <runDir>/nginx.pid;'
 */
export function localNginxConfig({ listenPort, backendPorts, runDir, assetsRoot, workers = 1 }) {
  if (backendPorts.length === 0) throw new Error("at least one backend port is needed");
  let conf = fs.readFileSync(path.join(root, "nginx.conf"), "utf8");
  const dir = path.resolve(runDir);
  // Debian has no `nginx` user; started as root, nginx runs its workers as nobody, otherwise as the caller.
  conf = replaceIn(conf, /^(# .*\n)*user .*;\n/m, "", "a user directive");
  conf = replaceIn(conf, /^pid .*;\n/m, "", "a pid directive");
  conf = replaceIn(conf, /^worker_processes .*;$/m, `worker_processes ${workers};`, "worker_processes");
  conf = replaceIn(conf, /^error_log \S+/m, `error_log ${dir}/error.log`, "an error_log");
  conf = replaceIn(conf, /access_log \S+;/, `access_log ${dir}/access.log;`, "an access_log");
  conf = replaceIn(
    conf,
    /^http \{\n/m,
    "http {\n" +
      ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
        .map((t) => `    ${t}_temp_path ${dir}/${t}_temp;\n`)
        .join(""),
    "an http block",
  );
  conf = replaceIn(conf, /^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`, "listen 80");
  conf = replaceIn(
    conf,
    /^(\s*)root \/usr\/share\/nginx\/html;$/m,
    `$1root ${path.resolve(assetsRoot ?? path.join(root, "frontend/dist"))};`,
    "the asset root",
  );
  conf = replaceIn(
    conf,
    /(upstream \S+ \{\n)([^}]*?)(\n\s*\})/g,
    (_, open, body, close) => {
      let first = true;
      const lines = body.split("\n").flatMap((line) => {
        const m = /^(\s*)server\s+\S+(.*);$/.exec(line);
        if (!m) return [line];
        if (!first) return [];
        first = false;
        return backendPorts.map((port) => `${m[1]}server 127.0.0.1:${port}${m[2]};`);
      });
      return open + lines.join("\n") + close;
    },
    "upstream blocks",
  );
  return conf;
}

/** Writes the configuration into runDir (created, readable by nginx's workers) and returns the nginx arguments. */
export function writeLocalNginxConfig(options) {
  fs.mkdirSync(options.runDir, { recursive: true });
  // When nginx starts as root its workers run as an unprivileged user and must reach the temp directories.
  fs.chmodSync(options.runDir, 0o755);
  const file = path.join(options.runDir, "nginx.conf");
  fs.writeFileSync(file, localNginxConfig(options));
  const dir = path.resolve(options.runDir);
  return ["-c", file, "-e", path.join(dir, "error.log"), "-g", `daemon off; pid ${path.join(dir, "nginx.pid")};`];
}
