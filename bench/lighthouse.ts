/**
 * `npm run bench -- lighthouse`: Lighthouse (mobile, its default simulated throttling) on the landing page, the
 * dashboard and the group page of a signed-in member, and a shared trip's public page, against the app started as
 * `npm start` starts it (built frontend, embedded database in a scratch DATA_DIR). Writes
 * bench/results/lighthouse.md. Not a test: nothing passes or fails on a score.
 *
 * Settings: CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (runs per page, the median by performance score
 * is reported; default 1), LIGHTHOUSE_BEFORE_DIR (another checkout, e.g. of main, measured in the same way and the
 * same run, its loads alternating with this checkout's, and written as "before"; it needs this checkout's
 * node_modules, e.g. as a symlink), LIGHTHOUSE_BEFORE_LABEL (what
 * to call it there), LIGHTHOUSE_SAVE_DIR (a folder to keep each page's full Lighthouse report in, as JSON, and the
 * trace of its load, which Chromium's Performance panel opens),
 * LIGHTHOUSE_PAGES (some of landing, dashboard, group, shared; default all four), LIGHTHOUSE_THROTTLING=devtools (the
 * slow network and CPU applied to the real load by DevTools instead of simulated from an unthrottled one, as
 * Lighthouse's default does; written to bench/results/lighthouse-devtools.md), LIGHTHOUSE_TARGET_INDEX (the phone
 * simulated, on Lighthouse's CPU benchmark index; default 500, a low-tier phone), LIGHTHOUSE_CPU=default (Lighthouse's
 * fixed 4x CPU slowdown instead of one calibrated to the target), LIGHTHOUSE_RESULT (the results file's name in
 * bench/results, without .md; for a run of some pages beside the full one).
 *
 * The CPU slowdown is calibrated as Lighthouse documents it (docs/throttling.md): this machine's benchmark index
 * divided by the target phone's. The index is measured again by every load, and each load is slowed by the index the
 * load before it measured, so a machine that drifts during the run still simulates the same phone. A machine twice as
 * fast is slowed twice as much; with the fixed 4x, the same build scored 65-99 on the group page from week to week.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { screenEmulationMetrics, throttling as THROTTLING } from "lighthouse/core/config/constants.js";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import * as prettier from "prettier";
import { ensureBuilt, root, sparePort, START_ARGS } from "./lib.js";

const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const RUNS = Math.max(1, Math.min(9, Number(process.env.LIGHTHOUSE_RUNS || 1)));
const BEFORE_DIR = process.env.LIGHTHOUSE_BEFORE_DIR ? path.resolve(process.env.LIGHTHOUSE_BEFORE_DIR) : null;
const BEFORE_LABEL = process.env.LIGHTHOUSE_BEFORE_LABEL;
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE_DIR ? path.resolve(process.env.LIGHTHOUSE_SAVE_DIR) : null;
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(",").map((p) => p.trim());
const DEVTOOLS = process.env.LIGHTHOUSE_THROTTLING === "devtools";
const OUT = path.join(
  root,
  `bench/results/${process.env.LIGHTHOUSE_RESULT ?? (DEVTOOLS ? "lighthouse-devtools" : "lighthouse")}.md`,
);
/** The phone simulated, on Lighthouse's benchmark index (DevTools' calibration: Moto G4 Power 2022 264, Pixel 5 1,000). */
const TARGET_INDEX = Math.max(100, Number(process.env.LIGHTHOUSE_TARGET_INDEX || 500));
const CALIBRATED = process.env.LIGHTHOUSE_CPU !== "default";

/** The app as `npm start` runs it: built if needed, then backend/dist/main.js serving frontend/dist. */
async function startApp(appDir: string, port: number, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  await ensureBuilt(appDir);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, START_ARGS, {
    cwd: appDir,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
  });
  for (let i = 0; i < 720; i++) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  child.kill();
  throw new Error("the app did not become ready within 3 minutes");
}

/** A browser-less client of the API that keeps its session cookie. */
class Client {
  cookie = "";
  constructor(readonly base: string) {}
  async call<T>(method: string, urlPath: string, body?: unknown): Promise<T> {
    const res = await fetch(this.base + urlPath, {
      method,
      headers: { "content-type": "application/json", ...(this.cookie ? { cookie: this.cookie } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      redirect: "manual",
    });
    const set = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
    if (set.length > 0) this.cookie = set.join("; ");
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}

async function signedUp(base: string, firstName: string, lastName: string): Promise<Client> {
  const c = new Client(base);
  const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`;
  const password = "Lighthouse2026";
  await c.call("POST", "/api/auth/signup", { firstName, lastName, email, password, confirmPassword: password });
  await c.call("POST", "/api/auth/signin", { email, password });
  return c;
}

interface Seed {
  cookie: string;
  groupId: number;
  sharePath: string;
}

/** A group of four around Paris with everyone's location, and an active shared trip by the owner. */
async function seed(base: string): Promise<Seed> {
  const owner = await signedUp(base, "Ines", "Marchetti");
  const { id: groupId } = await owner.call<{ id: number }>("POST", "/api/groups", {
    name: "Paris long weekend",
    description: "Museums, markets and a day in Versailles.",
    status: "active",
  });
  const { inviteToken } = await owner.call<{ inviteToken: string }>("POST", `/api/groups/${groupId}/invites/link`, {});
  const people: [Client, number, number][] = [[owner, 48.8606, 2.3376]];
  for (const [first, last, lat, lng] of [
    ["Tomas", "Berg", 48.8738, 2.295],
    ["Amara", "Osei", 48.8462, 2.3464],
    ["Kenji", "Watanabe", 48.8049, 2.1204],
  ] as const) {
    const member = await signedUp(base, first, last);
    await member.call("POST", `/api/invites/${inviteToken}/accept`, {});
    people.push([member, lat, lng]);
  }
  for (const [client, latitude, longitude] of people) {
    await client.call("POST", `/api/groups/${groupId}/locations`, { latitude, longitude });
  }
  for (const content of ["Meeting at the Louvre pyramid at 10", "On my way, 15 minutes", "Train to Versailles at 2"]) {
    await owner.call("POST", `/api/groups/${groupId}/messages`, { content });
  }
  const trip = await owner.call<{ shareUrl: string }>("POST", "/api/shared-trips", { durationHours: 8 });
  const sharePath = new URL(trip.shareUrl).pathname;
  await owner.call("POST", `/api/shared-trips/${sharePath.split("/").pop()}/locations`, {
    latitude: 48.8606,
    longitude: 2.3376,
  });
  return { cookie: owner.cookie, groupId, sharePath };
}

interface PageResult {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Audits of the accessibility, best-practices and SEO categories that did not pass, by id. */
  failing: string[];
  /** For each of those, the elements or items it names (a few). */
  findings: string[];
  /** Where the main thread's time went: Lighthouse's work breakdown, and the scripts that cost the most. */
  mainThread: string;
  /** Lighthouse's own measure of this machine's CPU speed during the run (higher is faster). */
  benchmarkIndex: number;
  /** How many times slower than this machine the phone's CPU is taken to be. */
  cpuSlowdown: number;
  /** For a median: the performance score of each load it was taken from, in the order they ran. */
  eachLoad?: number[];
  /** For a page with a map: when its text and when its map with every marker were on screen, on the phone (below). */
  map?: MapTiming;
  /** For the landing page: how its first tap was answered, on the phone. */
  tap?: TapTiming;
}

interface WorkItem {
  group?: string;
  groupLabel?: string;
  duration?: number;
  url?: string;
  total?: number;
  scripting?: number;
  scriptParseCompile?: number;
}

const auditItems = (lhr: { audits: Record<string, { details?: unknown }> }, id: string): WorkItem[] =>
  (lhr.audits[id]?.details as { items?: WorkItem[] } | undefined)?.items ?? [];

/**
 * "script evaluation 2,100 ms, style and layout 900 ms, ...; index-XYZ.js 800 ms, ...; long tasks: 180 ms start-XYZ.js,
 * ..." (at Lighthouse's 4x CPU). Total blocking time is what each long task takes beyond 50 ms: the list says which
 * tasks there are to shorten or cut.
 */
function describeMainThread(lhr: { audits: Record<string, { details?: unknown }> }): string {
  const ms = (n = 0) => `${Math.round(n).toLocaleString("en")} ms`;
  const file = (url = "?") => url.replace(/^https?:\/\/[^/]+\//, "/");
  const work = auditItems(lhr, "mainthread-work-breakdown")
    .slice(0, 4)
    .map((item) => `${(item.groupLabel ?? item.group ?? "?").toLowerCase()} ${ms(item.duration)}`);
  const scripts = auditItems(lhr, "bootup-time")
    .slice(0, 4)
    .map((item) => `${file(item.url)} ${ms(item.total)}`);
  const long = auditItems(lhr, "long-tasks").map((item) => `${ms(item.duration)} ${file(item.url)}`);
  return `${work.join(", ")}; by script: ${scripts.join(", ")}; long tasks: ${long.join(", ") || "none"}`;
}

interface AuditItem {
  node?: { snippet?: string; explanation?: string };
  description?: string;
  source?: string;
  url?: string;
}

/** A short line for each element or message a failed audit lists. */
function describeItems(audit: { id: string; details?: unknown }): string[] {
  const items = ((audit.details as { items?: AuditItem[] } | undefined)?.items ?? []).slice(0, 4);
  return items.map((item) => {
    const what = item.node?.snippet ?? item.description ?? item.url ?? JSON.stringify(item).slice(0, 160);
    const why = item.node?.explanation?.split("\n").slice(0, 2).join(" ") ?? "";
    return `${audit.id}: \`${what.replace(/\s+/g, " ").slice(0, 160)}\`${why ? ` ${why.slice(0, 200)}` : ""}`;
  });
}

/**
 * The CPU slowdown that makes this machine the target phone: its latest measured index over the target's, and
 * Lighthouse's own 4x until a first load has measured it (or when calibration is off).
 */
const calibration = { hostIndex: NaN };
function cpuSlowdown(): number {
  const fixed = THROTTLING.mobileSlow4G.cpuSlowdownMultiplier;
  if (!CALIBRATED || !Number.isFinite(calibration.hostIndex)) return fixed;
  return Math.max(1, Math.round((calibration.hostIndex / TARGET_INDEX) * 100) / 100);
}

async function audit(port: number, url: string, page: string, cookie?: string): Promise<PageResult> {
  const flags: Flags = {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    throttlingMethod: DEVTOOLS ? "devtools" : "simulate",
    throttling: { ...THROTTLING.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown() },
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (SAVE_DIR) {
    fs.mkdirSync(SAVE_DIR, { recursive: true });
    const name = page.replace(/\W+/g, "-");
    fs.writeFileSync(path.join(SAVE_DIR, `${name}.json`), JSON.stringify(lhr));
    const trace = result.artifacts.Trace as unknown;
    if (trace) fs.writeFileSync(path.join(SAVE_DIR, `${name}.trace.json`), JSON.stringify(trace));
  }
  if (Number.isFinite(lhr.environment.benchmarkIndex)) calibration.hostIndex = lhr.environment.benchmarkIndex;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const failed = ["accessibility", "best-practices", "seo"].flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id]!)
      .filter((a) => a.score !== null && a.score < 1),
  );
  const failing = failed.map((a) => a.id);
  const findings = failed.flatMap(describeItems);
  return {
    page,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    failing,
    findings,
    mainThread: describeMainThread(lhr),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpuSlowdown: lhr.configSettings.throttling?.cpuSlowdownMultiplier ?? 1,
  };
}

interface MapTiming {
  /** First contentful paint of the same load, for comparison. */
  textMs: number;
  /** The frame after the map held all of the page's markers. */
  markersMs: number;
}

/**
 * Lighthouse's simulation reports its own metrics only, so the time a map shows its markers is measured by a load of
 * its own, in the same browser: throttled by DevTools to the same slow 4G and the same CPU slowdown as the audits, at
 * Lighthouse's mobile screen, with a cold cache. An observer installed before the page's scripts notes the frame after
 * the page first holds `expected` map markers (`.caravan-marker`: the members' faces, a shared trip's traveller).
 */
async function mapTiming(port: number, url: string, expected: number, cookie?: string): Promise<MapTiming> {
  return onThePhone(port, url, cookie, async (context) => {
    await context.addInitScript((count: number) => {
      const w = window as unknown as { markersAt?: number };
      const observer = new MutationObserver(() => {
        if (document.querySelectorAll(".caravan-marker").length < count) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => (w.markersAt = performance.now())));
      });
      observer.observe(document, { childList: true, subtree: true });
    }, expected);
    const page = await throttledPage(context);
    const requests: string[] = [];
    const started = Date.now();
    page.on("requestfinished", (request) => {
      const { startTime, responseEnd } = request.timing();
      const from = startTime - started;
      requests.push(`${Math.round(from)}\t${Math.round(from + responseEnd)}\t${new URL(request.url()).pathname}`);
    });
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { markersAt?: number }).markersAt !== undefined, null, {
      timeout: 120_000,
    });
    if (SAVE_DIR) {
      // What the load fetched, when (ms from the navigation: start, end, path), for a waterfall of the map's wait.
      fs.mkdirSync(SAVE_DIR, { recursive: true });
      const name = new URL(url).pathname.replace(/\W+/g, "-");
      fs.writeFileSync(path.join(SAVE_DIR, `map-load${name}.tsv`), requests.join("\n") + "\n");
    }
    return await page.evaluate(() => ({
      textMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN,
      markersMs: (window as unknown as { markersAt: number }).markersAt,
    }));
  });
}

interface TapTiming {
  /** From the tap to the frame after something answered it on screen (the dialog, or its frame while it loads). */
  answeredMs: number;
  /** From the tap to the frame after the dialog itself was open. */
  dialogMs: number;
}

/**
 * Notes the tap's time and the time from it to the next paint (the Event Timing API's duration of the click, as
 * Interaction to Next Paint counts it), and the frames in which a dialog first showed and the dialog itself opened
 * (see tapTiming).
 */
const TAP_OBSERVER = `(() => {
  const inFrame = (then) => requestAnimationFrame(() => then(performance.now()));
  document.addEventListener("click", (event) => (window.tap ??= event.timeStamp), { capture: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === "click") window.clickToPaint ??= entry.duration;
  }).observe({ type: "event", durationThreshold: 16, buffered: true });
  const observer = new MutationObserver(() => {
    if (window.answered === undefined && document.querySelector("[role=dialog]")) {
      window.answered = -1;
      inFrame((at) => (window.answered = at));
    }
    if (window.dialog === undefined && document.querySelector("[role=dialog][data-state=open]")) {
      window.dialog = -1;
      observer.disconnect();
      inFrame((at) => (window.dialog = at));
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})()`;

/**
 * The first tap on the landing page, on the same phone as `mapTiming`: once the page has loaded and the network has
 * been quiet for half a second (what the page fetches when idle has come), "Start Coordinating" is tapped. Answered:
 * the click's time to its next paint (Event Timing) when that paint showed a dialog (its frame, `#dialog-frame`, or
 * the dialog), else the start of the frame that first showed one; dialog: the start of the frame that showed it open.
 */
async function tapTiming(port: number, url: string): Promise<TapTiming> {
  return onThePhone(port, url, undefined, async (context) => {
    const page = await throttledPage(context);
    await page.goto(url, { waitUntil: "networkidle" });
    // As text: the bench runs through a compiler that wraps named functions in a helper the page does not have.
    await page.evaluate(TAP_OBSERVER);
    await page.getByRole("button", { name: "Start Coordinating" }).click();
    await page.waitForFunction(() => ((window as unknown as { dialog?: number }).dialog ?? -1) > 0, null, {
      timeout: 120_000,
    });
    // Event Timing reports a click's duration once the paint after it is done: wait for it (a tap shorter than 16 ms
    // to paint has none, and the frame's own time stands).
    await page
      .waitForFunction(() => (window as unknown as { clickToPaint?: number }).clickToPaint !== undefined, null, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    return await page.evaluate(() => {
      const w = window as unknown as { tap: number; answered: number; dialog: number; clickToPaint?: number };
      const paintedBy = w.tap + (w.clickToPaint ?? 0);
      // A dialog in the frame the click painted: answered at that paint; otherwise in a later frame.
      const answeredMs = w.clickToPaint !== undefined && w.answered <= paintedBy ? w.clickToPaint : w.answered - w.tap;
      return { answeredMs, dialogMs: w.dialog - w.tap };
    });
  });
}

/**
 * Runs `measure` in a new browser context of the Chromium that Lighthouse drives, at Lighthouse's mobile screen and
 * with a cold cache, signed in with `cookie` when given.
 */
async function onThePhone<T>(
  port: number,
  url: string,
  cookie: string | undefined,
  measure: (context: BrowserContext) => Promise<T>,
): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const { width, height, deviceScaleFactor } = screenEmulationMetrics.mobile;
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
  });
  try {
    if (cookie) {
      await context.addCookies(
        cookie.split("; ").map((pair) => {
          const at = pair.indexOf("=");
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
        }),
      );
    }
    return await measure(context);
  } finally {
    await context.close();
    // Leaves the browser running for Lighthouse: only this connection ends.
    await browser.close();
  }
}

/** A page throttled by DevTools to Lighthouse's slow 4G and to the CPU slowdown of the audits. */
async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const net = THROTTLING.mobileSlow4G;
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: net.requestLatencyMs,
    downloadThroughput: (net.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (net.uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown() });
  return page;
}

/** Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART, NO_FCP): that load is run again. */
async function auditWithRetries(port: number, url: string, page: string, cookie?: string): Promise<PageResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(port, url, page, cookie);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.warn(`${page}: ${(err as Error).message}; trying again`);
    }
  }
}

function medianBy<T>(timings: T[], of: (t: T) => number): T {
  return [...timings].sort((a, b) => of(a) - of(b))[Math.floor(timings.length / 2)]!;
}

const tapText = (tap: TapTiming) => `answered ${Math.round(tap.answeredMs)} ms, dialog ${seconds(tap.dialogMs)}`;

function median(results: PageResult[]): PageResult {
  const sorted = [...results].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function mainThreadSection(results: PageResult[]): string {
  return `\n## Where the main thread went\n\nLighthouse's work breakdown, its costliest scripts (bootup time) and its long tasks, longest first, each named by the script it ran (or "Unattributable": style, layout and the browser's own work), at the slowed CPU:\n\n${results
    .map((r) => `- ${r.page}: ${r.mainThread}`)
    .join("\n")}\n`;
}

function findingsSection(results: PageResult[]): string {
  const withFindings = results.filter((r) => r.findings.length > 0);
  if (withFindings.length === 0) return "";
  return `\n## What did not pass\n\n${withFindings
    .map((r) => `${r.page}:\n\n${r.findings.map((f) => `- ${f}`).join("\n")}`)
    .join("\n\n")}\n`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function table(results: PageResult[]): string {
  const rows = results.map((r) => [
    r.page,
    String(r.performance),
    String(r.accessibility),
    String(r.bestPractices),
    String(r.seo),
    seconds(r.fcpMs),
    seconds(r.lcpMs),
    `${Math.round(r.tbtMs)} ms`,
    r.map ? `${seconds(r.map.markersMs)} (text ${seconds(r.map.textMs)})` : "-",
    r.tap ? tapText(r.tap) : "-",
    r.eachLoad?.join(" ") ?? String(r.performance),
    r.failing.join(", ") || "-",
  ]);
  const headers = [
    "page",
    "performance",
    "accessibility",
    "best practices",
    "SEO",
    "FCP",
    "LCP",
    "TBT",
    "map with markers",
    "first tap",
    "performance of each load",
    "not passed",
  ];
  const widths = headers.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  return [line(headers), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

const FIRST_MEASURED = `Measured on main before compression and code splitting, as reported when the work started
(Lighthouse 12 mobile on this machine, load not recorded; the shared-trip page was not measured then):

| page                 | performance | accessibility | FCP / LCP      | TBT      |
| -------------------- | ----------- | ------------- | -------------- | -------- |
| landing              | 45          | 96            | 7.6 s / 8.3 s  | 510 ms   |
| dashboard, signed in | 32          | 98            | 7.8 s / 9.3 s  | 1,520 ms |
| group page           | 28          | 96            | 7.4 s / 10.3 s | 3,340 ms |
`;

/** A build under measure: its app, started and seeded. */
interface Target {
  appDir: string;
  dataDir: string;
  app: { url: string; child: ChildProcess };
  seed: Seed;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");

/** Starts the app of `appDir` on a fresh DATA_DIR and seeds it. */
async function prepare(appDir: string): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-lighthouse-"));
  const app = await startApp(appDir, await sparePort(), dataDir);
  try {
    return { appDir, dataDir, app, seed: await seed(app.url) };
  } catch (err) {
    app.child.kill("SIGTERM");
    throw err;
  }
}

async function release(target: Target): Promise<void> {
  target.app.child.kill("SIGTERM");
  await new Promise((resolve) => target.app.child.once("exit", resolve));
  fs.rmSync(target.dataDir, { recursive: true, force: true });
}

/**
 * The pages measured: key (LIGHTHOUSE_PAGES), name, path in the seeded app, whether it is loaded signed in, and how
 * many markers its map shows once drawn (0: no map).
 */
function pagesOf({ groupId, sharePath }: Seed): [string, string, string, boolean, number][] {
  const pages: [string, string, string, boolean, number][] = [
    ["landing", "landing", "/", false, 0],
    ["dashboard", "dashboard, signed in", "/", true, 0],
    ["group", "group page, signed in", `/groups/${groupId}`, true, 4],
    ["shared", "shared trip", sharePath, false, 1],
  ];
  return pages.filter(([key]) => !PAGES || PAGES.includes(key));
}

/**
 * Runs Lighthouse on each page of each target, RUNS times; returns each target's medians. With two targets (a build
 * before, this one), their loads alternate, before-after then after-before, so that a machine that slows down or
 * speeds up during the run weighs on both alike: measured one after the other, a shared machine's drift of a few
 * minutes showed as a difference between builds that was not there.
 */
async function measure(targets: Target[]): Promise<PageResult[][]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    if (CALIBRATED) {
      // One load only to measure this machine's index, so that the first measured load is calibrated too.
      const first = targets[0]!;
      const warmUp = await auditWithRetries(chrome.port, first.app.url + "/", "calibration");
      console.log(
        `benchmark index ${Math.round(warmUp.benchmarkIndex)}: CPU slowed ${cpuSlowdown()}x to simulate ${TARGET_INDEX}`,
      );
    }
    const results: PageResult[][] = targets.map(() => []);
    const pageCount = pagesOf(targets[0]!.seed).length;
    for (let page = 0; page < pageCount; page++) {
      const runs: PageResult[][] = targets.map(() => []);
      for (let i = 0; i < RUNS; i++) {
        const order = targets.map((_, t) => t);
        if (i % 2 === 1) order.reverse();
        for (const t of order) {
          const { appDir, app, seed } = targets[t]!;
          const [key, name, urlPath, signedIn, markers] = pagesOf(seed)[page]!;
          const cookie = signedIn ? seed.cookie : undefined;
          const result = await auditWithRetries(chrome.port, app.url + urlPath, name, cookie);
          if (markers > 0) result.map = await mapTiming(chrome.port, app.url + urlPath, markers, cookie);
          if (key === "landing") result.tap = await tapTiming(chrome.port, app.url + urlPath);
          runs[t]!.push(result);
          const map = result.map ? `, map with markers ${seconds(result.map.markersMs)}` : "";
          const tap = result.tap ? `, first tap ${tapText(result.tap)}` : "";
          console.log(`${path.basename(appDir)}, ${name}: performance ${result.performance}${map}${tap}`);
          for (const finding of result.findings) console.log(`  ${finding}`);
        }
      }
      runs.forEach((pageRuns, t) =>
        results[t]!.push({
          ...median(pageRuns),
          eachLoad: pageRuns.map((r) => r.performance),
          ...(pageRuns[0]!.map
            ? {
                map: medianBy(
                  pageRuns.map((r) => r.map!),
                  (m) => m.markersMs,
                ),
              }
            : {}),
          ...(pageRuns[0]!.tap
            ? {
                tap: medianBy(
                  pageRuns.map((r) => r.tap!),
                  (m) => m.answeredMs,
                ),
              }
            : {}),
        }),
      );
    }
    return results;
  } finally {
    await chrome.kill();
  }
}

async function main(): Promise<void> {
  const started = new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC";
  const loadBefore = loadAverage();
  const targets: Target[] = [];
  let results: PageResult[][];
  try {
    if (BEFORE_DIR) targets.push(await prepare(BEFORE_DIR));
    targets.push(await prepare(root));
    results = await measure(targets);
  } finally {
    await Promise.all(targets.map(release));
  }
  const now = { results: results.at(-1)!, loadBefore, loadAfter: loadAverage() };
  const before = BEFORE_DIR ? results[0]! : null;
  const beforeText = before
    ? `The same run, on the build of ${BEFORE_LABEL ?? `${path.basename(BEFORE_DIR!)} (${gitHead(BEFORE_DIR!)})`}, with the
same seed, its loads alternating with this checkout's (before then after, after then before, and so on).

${table(before)}
${findingsSection(before)}`
    : FIRST_MEASURED;
  const cpu = CALIBRATED
    ? `a CPU slowed to a phone of index ${TARGET_INDEX.toLocaleString("en")} (a low-tier phone; the slowdown of each load is this machine's index measured by the load before it, divided by ${TARGET_INDEX.toLocaleString("en")}: ${slowdownRange(results.at(-1)!)})`
    : "a 4x slower CPU (Lighthouse's fixed default, not calibrated)";
  const settings = DEVTOOLS
    ? `its mobile settings, the slow 4G network and ${cpu} applied to the load by DevTools (\`throttlingMethod: devtools\`, \`LIGHTHOUSE_THROTTLING=devtools\`) rather than simulated,`
    : `its mobile settings: simulated slow 4G and ${cpu}`;
  const text = `# Lighthouse, mobile${DEVTOOLS ? ", throttled by DevTools" : ""}

Written by \`${DEVTOOLS ? "LIGHTHOUSE_THROTTLING=devtools " : ""}npm run bench -- lighthouse\` (bench/lighthouse.ts); run it again to refresh this file.

Lighthouse ${lighthouseVersion()} with ${settings} against
this checkout (${gitHead(root)}), started as \`npm start\` starts it (embedded database, built frontend served by the
backend, no reverse proxy), on loopback. Seeded with a group of four members around Paris, each with a location,
three chat messages, and an active shared trip with a location. The dashboard and the group page are loaded with the
owner's session cookie. ${RUNS === 1 ? "One run per page." : `${RUNS} runs per page, the median by performance score.`}

${table(now.results)}

"not passed" lists the accessibility, best-practices and SEO audits that did not pass. Goal, on a low-tier phone
(index 500): performance at least 95 on the landing page and the dashboard, at least 90 on the group page and the
shared trip; total blocking time at most 300 ms; the map with its markers drawn within 2.5 s; accessibility, best
practices and SEO 100.

"map with markers" is measured by a load of its own after each audit (Lighthouse simulates only its own metrics): the
same browser throttled by DevTools to the same slow 4G and CPU slowdown, at Lighthouse's mobile screen and with a cold
cache; it gives the frame after the map held all of the page's markers (the group's four members, the shared trip's
traveller) and, for comparison, that load's first contentful paint. "first tap" is measured the same way on the landing
page: once it has loaded and the network has been quiet for half a second, "Start Coordinating" is tapped; "answered"
is the frame after something answered the tap on screen (the dialog, or its frame with a spinner while the dialog's
code loads), "dialog" the frame after the dialog itself was open, both from the tap. Goal: answered within 100 ms.

Machine: ${os.availableParallelism()} CPUs (${os.cpus()[0]?.model.trim() ?? "unknown"}), Node ${process.version},
Chromium from ${CHROME_PATH}. Load average (1, 5, 15 min) when the run started: ${now.loadBefore}; when it ended:
${now.loadAfter}. Lighthouse's CPU benchmark index of this machine during the run: ${indexRange(now.results)}.
${phoneIndex(now.results)}
Memory: ${firstTouch()}; scores compare only between machines where this is alike.
${
  DEVTOOLS
    ? "The CPU is slowed by a factor of this machine's own speed, so other work on the machine lowers performance scores"
    : "Lighthouse simulates the throttled phone from what it measures on this CPU, so other work on the machine lowers performance scores"
} and raises TBT most of all: re-measure on a quiet machine for final numbers.
Date: ${started}.
${mainThreadSection(now.results)}${findingsSection(now.results)}
## Before

${beforeText}`;
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  // Written as Prettier would write it, like every other file in the tree.
  fs.writeFileSync(OUT, await prettier.format(text, { ...(await prettier.resolveConfig(OUT)), filepath: OUT }));
  console.log(`\n${text}\nwritten to ${path.relative(root, OUT)}`);
}

/** Memory this probe touches, in a process of its own: the first time, then again. */
const TOUCHED_MIB = 256;
const TOUCH_PROBE = `const b = Buffer.allocUnsafeSlow(${TOUCHED_MIB} * 1024 * 1024);
let t = process.hrtime.bigint(); b.fill(1); const first = Number(process.hrtime.bigint() - t) / 1e6;
t = process.hrtime.bigint(); b.fill(2); const again = Number(process.hrtime.bigint() - t) / 1e6;
console.log(JSON.stringify({ first, again }));`;

/**
 * What memory a new process touches costs this machine. Chromium's renderer is a new process for each load and pays
 * it for its whole heap: where first touches are slow (a virtual machine whose memory is handed out page by page),
 * garbage collection, the first date format and every new canvas take several times longer, and Lighthouse's CPU
 * benchmark index does not show it.
 */
function firstTouch(): string {
  const { first, again } = JSON.parse(execFileSync(process.execPath, ["-e", TOUCH_PROBE], { encoding: "utf8" })) as {
    first: number;
    again: number;
  };
  const perPage = (first * 1000) / ((TOUCHED_MIB * 1024) / 4);
  return `${TOUCHED_MIB} MiB first touched by a process in ${Math.round(first)} ms (${perPage.toFixed(1)} µs per 4 KiB page), touched again in ${Math.round(again)} ms`;
}

/**
 * Which phone the run stood for: this machine's index divided by the CPU slowdown, beside the two phones Chromium
 * DevTools' CPU calibration is set for (panels/mobile_throttling/CalibrationController.ts: a mid-tier phone, a Pixel 5,
 * scores 1,000; a low-tier one, a Moto G4 Power 2022, 264). The same build scores lower on a slower machine.
 */
function phoneIndex(results: PageResult[]): string {
  const phone = indexRange(results, (r) => r.benchmarkIndex / r.cpuSlowdown);
  return `At ${slowdownRange(results)} slower, the phone measured stood at ${phone} on that index (each load's own index over its slowdown; DevTools' calibration: a mid-tier phone, Pixel 5, 1,000; a low-tier one, Moto G4 Power 2022, 264).`;
}

function slowdownRange(results: PageResult[]): string {
  const values = results.map((r) => r.cpuSlowdown).sort((a, b) => a - b);
  const [low, high] = [values[0]!, values[values.length - 1]!];
  return low === high ? `${low}x` : `${low}x-${high}x`;
}

function indexRange(results: PageResult[], of: (r: PageResult) => number = (r) => r.benchmarkIndex): string {
  const values = results.map((r) => Math.round(of(r))).sort((a, b) => a - b);
  const [low, high] = [values[0]!, values[values.length - 1]!];
  return low === high ? low.toLocaleString("en") : `${low.toLocaleString("en")}-${high.toLocaleString("en")}`;
}

function gitHead(dir: string): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: dir, encoding: "utf8" }).trim();
  } catch {
    return "not a git checkout";
  }
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8"));
  return String(pkg.version);
}

await main();
