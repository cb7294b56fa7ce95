/**
 * `npm run bench -- tracking-latency`: how long a traveller's move takes to reach the other screens. The app is
 * started as `npm start` starts it (built if needed, embedded database in a scratch DATA_DIR); Chromium opens, in
 * separate contexts, member A's group page with Auto Location Tracking on, member B's page of the same group, A's
 * dashboard sending to a live shared trip (Start Sharing), and that shared trip's page as an anonymous watcher sees
 * it. A's position is emulated (playwright-core's `setGeolocation`, permission granted) and moved N times at random
 * intervals; each move is timed from the call that moves it until B's map (group tracking), and the watcher's map
 * (the shared trip, the reference measured in the same run with the same moves), show the new position: the
 * marker's `data-position` attribute, stamped in each page by a MutationObserver on the same clock. Writes
 * bench/results/tracking-latency.md. Not a test: nothing passes or fails on a number.
 *
 * Settings: CHROME_PATH (default /usr/bin/chromium-headless-shell, else /usr/bin/chromium), TRACKING_MOVES (default
 * 20, at most 200), TRACKING_PAUSE_MS (the longest random pause between moves, default 4000; the shortest is 300).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { chromium, request, type Browser, type BrowserContext, type Page } from "playwright-core";
import * as prettier from "prettier";
import { ensureBuilt, loadAverage, root, sparePort, START_ARGS, startServer } from "./lib.js";

const OUT = path.join(root, "bench/results/tracking-latency.md");
const CHROME_PATH =
  process.env.CHROME_PATH ||
  (fs.existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");
const MOVES = Math.max(1, Math.min(200, Number(process.env.TRACKING_MOVES || 20)));
const PAUSE_MIN_MS = 300;
const PAUSE_MAX_MS = Math.max(PAUSE_MIN_MS, Number(process.env.TRACKING_PAUSE_MS || 4000));
/** A move not on screen by then counts as lost. */
const MOVE_TIMEOUT_MS = 30_000;
const PASSWORD = "Tracking2026";
/** Central Annecy, the group's destination, and where A starts, a few kilometres out. */
const ANNECY = { latitude: 45.8992, longitude: 6.1294 };
const START = { latitude: 45.9231, longitude: 6.0981 };

interface Member {
  email: string;
  firstName: string;
  lastName: string;
}

/** A new account, signed in: an API client of its own (playwright-core's, which keeps the session cookie). */
async function signUp(base: string, firstName: string, lastName: string) {
  const member: Member = { firstName, lastName, email: `${firstName.toLowerCase()}-${Date.now()}@example.com` };
  const client = await request.newContext({ baseURL: base, extraHTTPHeaders: { origin: base } });
  const call = async <T>(method: "POST", urlPath: string, data: unknown = {}): Promise<T> => {
    const res = await client.fetch(urlPath, { method, data });
    if (!res.ok()) throw new Error(`${method} ${urlPath}: ${res.status()} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  await call("POST", "/api/auth/signup", { ...member, password: PASSWORD, confirmPassword: PASSWORD });
  await call("POST", "/api/auth/signin", { email: member.email, password: PASSWORD });
  return { member, call };
}

/** A's group (destination Annecy) with B in it by a link invite, and A's live shared trip. */
async function seed(base: string) {
  const a = await signUp(base, "Ana", "Traveller");
  const b = await signUp(base, "Ben", "Watcher");
  const group = await a.call<{ id: number }>("POST", "/api/groups", {
    name: "Lakes and mountains",
    description: "",
    status: "active",
    destinationName: "Annecy",
    destinationAddress: "Annecy, Haute-Savoie, France",
    destinationLatitude: ANNECY.latitude,
    destinationLongitude: ANNECY.longitude,
  });
  const invite = await a.call<{ inviteToken: string }>("POST", `/api/groups/${group.id}/invites/link`);
  await b.call("POST", `/api/invites/${invite.inviteToken}/accept`);
  const share = await a.call<{ shareUrl: string }>("POST", "/api/shared-trips", { durationHours: 2 });
  return { a: a.member, b: b.member, groupId: group.id, sharePath: new URL(share.shareUrl).pathname };
}

async function signedIn(browser: Browser, base: string, member: Member | null): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  if (member) {
    const res = await context.request.post("/api/auth/signin", { data: { email: member.email, password: PASSWORD } });
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
  }
  return context;
}

const positionText = (p: { latitude: number; longitude: number }) =>
  `${p.latitude.toFixed(5)},${p.longitude.toFixed(5)}`;

/** From now on, the page notes when each new marker position first shows (Date.now(), the benchmark's clock too). */
async function stampPositions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { seen: Record<string, number> };
    w.seen = {};
    new MutationObserver((records) => {
      for (const r of records) {
        const value = (r.target as HTMLElement).dataset.position;
        if (value && !(value in w.seen)) w.seen[value] = Date.now();
      }
    }).observe(document.body, { subtree: true, attributeFilter: ["data-position"] });
  });
}

async function seenAt(page: Page, key: string): Promise<number | null> {
  try {
    const handle = await page.waitForFunction(
      (k) => (window as unknown as { seen: Record<string, number> }).seen[k],
      key,
      { timeout: MOVE_TIMEOUT_MS, polling: 50 },
    );
    return (await handle.jsonValue()) as number;
  } catch {
    return null;
  }
}

/** A point `metres` away from `p` in a random direction. */
function moveFrom(p: { latitude: number; longitude: number }, metres: number) {
  const bearing = Math.random() * 2 * Math.PI;
  const dLat = (metres * Math.cos(bearing)) / 111_320;
  const dLon = (metres * Math.sin(bearing)) / (111_320 * Math.cos((p.latitude * Math.PI) / 180));
  // Five decimals, as the marker gives them: what is compared is what was set.
  const round = (n: number) => Math.round(n * 1e5) / 1e5;
  return { latitude: round(p.latitude + dLat), longitude: round(p.longitude + dLon) };
}

/** Nearest-rank percentile of `sorted`. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

function row(name: string, samples: Array<number | null>): string[] {
  const got = samples.filter((s): s is number => s !== null).sort((x, y) => x - y);
  const fmt = (n: number | undefined) => (n === undefined ? "-" : `${(n / 1000).toFixed(2)} s`);
  return [
    name,
    `${got.length} / ${samples.length}`,
    fmt(percentile(got, 50)),
    fmt(percentile(got, 95)),
    fmt(got.at(-1)),
    fmt(got[0]),
  ];
}

async function main(): Promise<void> {
  const started = new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const loadBefore = loadAverage();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-tracking-"));
  await ensureBuilt();
  const port = await sparePort();
  const app = await startServer("the app", START_ARGS, port, {
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    NODE_ENV: "production",
  });
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const { a, b, groupId, sharePath } = await seed(app.url);
    // A's two pages in contexts of their own, each with the position moved at once; B and the watcher likewise.
    const aGroup = await signedIn(browser, app.url, a);
    const aDashboard = await signedIn(browser, app.url, a);
    for (const context of [aGroup, aDashboard]) {
      await context.grantPermissions(["geolocation"]);
      await context.setGeolocation(START);
    }
    const bGroup = await signedIn(browser, app.url, b);
    const watcher = await signedIn(browser, app.url, null);

    const tracker = await aGroup.newPage();
    await tracker.goto(`/groups/${groupId}`);
    const sharer = await aDashboard.newPage();
    await sharer.goto("/");
    const member = await bGroup.newPage();
    await member.goto(`/groups/${groupId}`);
    const watching = await watcher.newPage();
    await watching.goto(sharePath);
    for (const page of [tracker, member]) {
      await page.locator("[data-testid=auto-tracking]").waitFor({ timeout: 60_000 });
    }

    // Both ways of sending on, both receiving pages showing the starting point.
    await tracker.locator("[data-testid=auto-tracking]").click();
    await sharer.getByRole("button", { name: "Start Sharing" }).click();
    const startKey = positionText(START);
    for (const page of [member, watching]) {
      await page.locator(`.caravan-marker[data-position="${startKey}"]`).waitFor({ timeout: 60_000 });
      await stampPositions(page);
    }
    await sleep(2000);

    const group: Array<number | null> = [];
    const shared: Array<number | null> = [];
    let at = START;
    for (let i = 0; i < MOVES; i++) {
      // A walk or a drive: 20 to 150 m per move, always more than the product's 0.0001-degree skip rule and the share's 10 m.
      at = moveFrom(at, 20 + Math.random() * 130);
      const key = positionText(at);
      const movedAt = Date.now();
      await Promise.all([aGroup.setGeolocation(at), aDashboard.setGeolocation(at)]);
      const [onGroup, onShare] = await Promise.all([seenAt(member, key), seenAt(watching, key)]);
      group.push(onGroup === null ? null : onGroup - movedAt);
      shared.push(onShare === null ? null : onShare - movedAt);
      console.log(`move ${i + 1}/${MOVES}: group ${group.at(-1)} ms, shared trip ${shared.at(-1)} ms`);
      await sleep(PAUSE_MIN_MS + Math.random() * (PAUSE_MAX_MS - PAUSE_MIN_MS));
    }
    const loadAfter = loadAverage();
    await write(group, shared, { started, loadBefore, loadAfter });
  } finally {
    await browser.close().catch(() => undefined);
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function write(
  group: Array<number | null>,
  shared: Array<number | null>,
  run: { started: string; loadBefore: string; loadAfter: string },
): Promise<void> {
  const header = ["path", "moves seen", "median", "p95", "worst", "best"];
  const rows = [
    row("group auto-tracking (member B's group page)", group),
    row("shared trip (watcher's page), reference", shared),
  ];
  const table = [header, header.map(() => "---"), ...rows].map((r) => `| ${r.join(" | ")} |`).join("\n");
  const each = group.map((g, i) => `${i + 1}: ${g ?? "lost"} / ${shared[i] ?? "lost"}`).join("; ");
  const text = `# Tracking latency: a move on the other screens

Written by \`npm run bench -- tracking-latency\` (bench/tracking-latency.ts); run it again to refresh this file.

The app started as \`npm start\` starts it (built frontend, embedded database in a scratch DATA_DIR, one process).
Chromium (${CHROME_PATH}, headless) opens four pages in contexts of their own: member A's group page with Auto Location
Tracking switched on, member B's page of the same group, A's dashboard with Start Sharing on for a live shared trip,
and that shared trip's page as a watcher without an account sees it. A's position is emulated (\`setGeolocation\`,
permission granted) and moved ${MOVES} times, 20 to 150 m each in a random direction, with a random pause of
${PAUSE_MIN_MS / 1000}-${PAUSE_MAX_MS / 1000} s after each move has arrived. Each move is timed from the call that
moves the position until B's map, and the watcher's map, show the new position (the marker's \`data-position\`,
stamped by a MutationObserver in each page with \`Date.now()\`, the clock the benchmark reads too). The shared trip is
the reference, measured with the same moves in the same run.

${table}

Goal for group tracking: 2 s at p95, 6 s at worst. Each move, group / shared trip, in ms: ${each}.

Machine: ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model.trim() ?? "unknown"}), ${
    Math.round((os.totalmem() / 2 ** 30) * 10) / 10
  } GiB memory, ${os.type()} ${os.release()}, Node ${process.version}. The app, Chromium and its four pages share the
CPUs. Load average (1, 5, 15 min) when the run started: ${run.loadBefore}; when it ended: ${run.loadAfter}. Date:
${run.started}.${
    Number(run.loadBefore.split(",")[0]) > os.availableParallelism()
      ? `\n\nThe machine was busy when this run started (a 1-minute load above its ${os.availableParallelism()} CPUs: other work was running beside it); a quiet machine gives lower figures for both rows.`
      : ""
  }
`;
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  // Written as Prettier would write it, like every other file in the tree.
  fs.writeFileSync(OUT, await prettier.format(text, { ...(await prettier.resolveConfig(OUT)), filepath: OUT }));
  console.log(`\n${text}\nwritten to ${path.relative(root, OUT)}`);
}

const limit = setTimeout(() => {
  console.error("the tracking-latency benchmark took longer than 15 minutes; stopped");
  process.exit(1);
}, 15 * 60_000);
try {
  await main();
} finally {
  clearTimeout(limit);
}
