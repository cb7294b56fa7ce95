/**
 * Browser tests: the real app (backend/test/harness.ts) serving the built frontend on a real port, driven by
 * Debian's Chromium through playwright-core. A test fails on any console error or uncaught page error.
 */
import "reflect-metadata";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import { startTestApp, type TestApp } from "../backend/test/harness.js";
import { FRONTEND_DIST, copyFrontend } from "./frontend.js";
import { settled } from "./ui.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export { FRONTEND_DIST };
export const SCREENSHOT_DIR = path.join(ROOT, "test-results/screenshots");

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 812 } as const;

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const FULL_CHROMIUM = "/usr/bin/chromium";
export type ChromiumKind = "shell" | "full";
export type FrontendCopy = "shared" | "own";
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";

/**
 * Which Chromium drives the pages: CHROME_PATH when set; else Debian's headless shell (`chromium-headless-shell`),
 * which draws the same pages for about a third less CPU than the full browser run headless, or the full browser
 * when the shell is not installed. A file that needs what only the full browser has (the Web Notifications API: the
 * shell answers `denied` whatever was granted) asks for `full`.
 */
export function chromePath(kind: ChromiumKind = "shell"): string {
  const p =
    process.env.CHROME_PATH || (kind === "shell" && fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
  if (!fs.existsSync(p)) {
    throw new Error(`No Chromium at ${p}: run \`node scripts/ensure-chromium.mjs\` or set CHROME_PATH.`);
  }
  return p;
}

/** A port nobody listens on right now, so PUBLIC_URL can name the real origin before the server starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Answers of the API that the app expects and handles (a refused sign-in, a validation 400) are logged by Chromium
 * as "Failed to load resource". Those are not errors of the page; a 5xx, an uncaught exception, a CSP violation or
 * anything the app itself logs as an error are.
 */
function isHandledApiAnswer(text: string, url: string | undefined): boolean {
  return (
    /^Failed to load resource: the server responded with a status of 4\d\d/.test(text) && /\/api\//.test(url ?? "")
  );
}

export interface BrowserError {
  kind: "console" | "pageerror";
  text: string;
  url?: string;
}

export class E2E {
  readonly errors: BrowserError[] = [];
  private contexts: BrowserContext[] = [];

  private constructor(
    readonly app: TestApp,
    readonly browser: Browser,
    readonly baseUrl: string,
  ) {}

  /**
   * `frontend`: "shared" serves the run's copy of the built frontend (global-setup.ts), which every file only reads;
   * "own" serves a copy of this file's own, for a file that changes what is served.
   */
  static async start(
    env: Record<string, string> = {},
    kind: ChromiumKind = "shell",
    frontend: FrontendCopy = "shared",
  ): Promise<E2E> {
    const staticDir = frontend === "own" ? copyFrontend(os.tmpdir()) : inject("frontendCopy");
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const app = await startTestApp({ PORT: String(port), PUBLIC_URL: baseUrl, STATIC_DIR: staticDir, ...env });
    const closeApp = app.close.bind(app);
    app.close = async () => {
      await closeApp();
      if (frontend === "own") fs.rmSync(staticDir, { recursive: true, force: true });
    };
    try {
      return new E2E(app, await sharedBrowser(chromePath(kind)), baseUrl);
    } catch (err) {
      await app.close();
      throw err;
    }
  }

  async newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    const context = await this.browser.newContext({ baseURL: this.baseUrl, viewport: DESKTOP, ...options });
    context.on("page", (page) => {
      this.watch(page);
      if (options.javaScriptEnabled !== false) awaitTakeover(page);
    });
    this.contexts.push(context);
    return context;
  }

  async newPage(options: BrowserContextOptions = {}): Promise<Page> {
    const context = await this.newContext(options);
    return context.newPage();
  }

  /** A fresh context already signed in as `user` (through the API, so only the test's own subject uses the UI). */
  async signedInPage(user: TestUser, options: BrowserContextOptions = {}): Promise<Page> {
    const context = await this.newContext(options);
    const res = await context.request.post("/api/auth/signin", {
      data: { email: user.email, password: user.password },
    });
    if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
    return context.newPage();
  }

  private watch(page: Page): void {
    page.on("console", (msg) => {
      if (msg.type() !== "error") return;
      const url = msg.location().url;
      if (isHandledApiAnswer(msg.text(), url)) return;
      this.errors.push({ kind: "console", text: msg.text(), url });
    });
    page.on("pageerror", (err) => this.errors.push({ kind: "pageerror", text: err.stack ?? err.message }));
  }

  /** Closes the test's contexts and throws if any page logged an error meanwhile. */
  async endTest(): Promise<void> {
    const contexts = this.contexts.splice(0);
    await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    const errors = this.errors.splice(0);
    if (errors.length) {
      throw new Error(
        `The page reported errors:\n${errors.map((e) => `- [${e.kind}] ${e.text}${e.url ? ` (${e.url})` : ""}`).join("\n")}`,
      );
    }
  }

  /** Closes the app; the browser stays for the worker's next file (sharedBrowser), each test's contexts are closed. */
  async close(): Promise<void> {
    await Promise.all(this.contexts.splice(0).map((c) => c.close().catch(() => {})));
    await this.app.close();
  }
}

const browsers = new Map<string, Promise<Browser>>();

/**
 * One Chromium of each binary per worker process, shared by the files the worker runs one after the other
 * (`isolate: false` keeps this module loaded between them): every test still gets browser contexts of its own, which
 * share no cookies, storage, cache, service workers or permissions, so a launch per file bought nothing. Playwright
 * closes it when the worker exits; one that went away is launched again.
 */
function sharedBrowser(executablePath: string): Promise<Browser> {
  let browser = browsers.get(executablePath);
  if (!browser) {
    browser = chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
    browsers.set(executablePath, browser);
    const forget = () => {
      if (browsers.get(executablePath) === browser) browsers.delete(executablePath);
    };
    browser.then((b) => b.on("disconnected", forget), forget);
  }
  return browser;
}

/**
 * Makes `page.goto` end once the app has taken over a page the server drew (a shared trip, a member's group page):
 * until then the drawn page holds taps and typing (hold-input.ts), and the app adopts or replaces its elements as it
 * first draws it, so an element found on it could be gone a moment later. Tests of the drawn page itself open it without scripts, or watch it from the
 * start with an init script.
 */
function awaitTakeover(page: Page): void {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.waitForFunction(() => document.querySelector("#root > [data-server-rendered]") === null, undefined, {
      timeout: 20_000,
    });
    return response;
  };
}

/**
 * Starts the app and the browser (chromePath) for a test file; every test fails if a page logged an error during it.
 */
export function useE2E(
  env: Record<string, string> = {},
  kind: ChromiumKind = "shell",
  frontend: FrontendCopy = "shared",
): () => E2E {
  let e2e: E2E | undefined;
  beforeAll(async () => {
    e2e = await E2E.start(env, kind, frontend);
  });
  afterEach(async () => {
    await e2e?.endTest();
  });
  afterAll(async () => {
    await e2e?.close();
  });
  return () => {
    if (!e2e) throw new Error("useE2E: the app has not started");
    return e2e;
  };
}

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

let userSeq = 0;

/** A new account made through the API, for tests whose subject is not sign-up itself. */
export async function signUpViaApi(e2e: E2E, overrides: Partial<TestUser> = {}): Promise<TestUser> {
  userSeq += 1;
  const user: TestUser = {
    firstName: overrides.firstName ?? "Ada",
    lastName: overrides.lastName ?? "Lovelace",
    email: overrides.email ?? `traveller${userSeq}-${randomBytes(3).toString("hex")}@example.com`,
    password: overrides.password ?? "Travel2026",
  };
  const res = await e2e.app.client().post("/api/auth/signup", { ...user, confirmPassword: user.password });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return user;
}

/**
 * Whether the tests write their screenshots (test-results/screenshots, for people to look at; no test reads them):
 * E2E_SCREENSHOTS=1 or 0 says so, else yes except in CI, whose fresh clone nobody looks into. About 130 places take
 * one, many of them full pages at every width, each drawn and PNG-encoded by Chromium.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS !== "0" : !process.env.CI;

/**
 * A screenshot of the page (the whole page unless `fullPage` is false). Taking one ends the page's finite animations
 * (`animations: "disabled"`), and tests go on from that screen at rest: without SCREENSHOTS, the page is left to
 * finish them (settled).
 */
export async function screenshot(page: Page, name: string, fullPage = true): Promise<void> {
  if (!SCREENSHOTS) return settled(page);
  await page.screenshot({ path: screenshotPath(name), fullPage, animations: "disabled" });
}

/** A screenshot of one section, at the size it is seen; the page at rest either way, as with `screenshot`. */
export async function shot(locator: Locator, name: string): Promise<void> {
  if (!SCREENSHOTS) {
    await locator.scrollIntoViewIfNeeded();
    return settled(locator.page());
  }
  await locator.screenshot({ path: screenshotPath(name), animations: "disabled" });
}

/**
 * A screenshot of one element as it is, animations and all (the map while it settles); without SCREENSHOTS it is
 * still scrolled into view, as taking one would.
 */
export async function elementShot(locator: Locator, name: string): Promise<void> {
  if (!SCREENSHOTS) return locator.scrollIntoViewIfNeeded();
  await locator.screenshot({ path: screenshotPath(name) });
}

function screenshotPath(name: string): string {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

/** A group owned by `owner` that `member` has joined through a link invite, made through the API. */
export async function groupWithMember(
  e2e: E2E,
  owner: TestUser,
  member: TestUser,
  group: { name: string; status: "planning" | "active" },
): Promise<number> {
  const ownerClient = e2e.app.client();
  await ownerClient.post("/api/auth/signin", { email: owner.email, password: owner.password });
  const created = await ownerClient.post("/api/groups", group);
  if (created.status !== 201) throw new Error(`group creation failed: ${created.status}`);
  const link = await ownerClient.post(`/api/groups/${created.body.id}/invites/link`, {});
  const memberClient = e2e.app.client();
  await memberClient.post("/api/auth/signin", { email: member.email, password: member.password });
  const accepted = await memberClient.post(`/api/invites/${link.body.inviteToken}/accept`);
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status}`);
  return created.body.id as number;
}

/** The page's width beyond the viewport: 0 when nothing scrolls sideways. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
