import fs from "node:fs";
import path from "node:path";
import type { ConsoleMessage, Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { COMPILE_HINT } from "../frontend/build/compile-hints";
import { initialFiles, type Manifest } from "../frontend/build/initial-js";
import { landingScripts } from "../frontend/build/prerender";
import { LINKS_PER_TASK } from "../frontend/src/lib/modules-in-tasks";
import { FRONTEND_DIST, PHONE, groupWithMember, signUpViaApi, useE2E } from "./harness";
import { axeViolations, gone, subscriptionAnswered, visible } from "./ui";

const e2e = useE2E();

const manifest = () => JSON.parse(fs.readFileSync(path.join(FRONTEND_DIST, ".vite/manifest.json"), "utf8")) as Manifest;

/** Every console message and every script response of a page, from its first request on. */
function record(page: Page): { messages: ConsoleMessage[]; scripts: Response[] } {
  const messages: ConsoleMessage[] = [];
  const scripts: Response[] = [];
  page.on("console", (m) => messages.push(m));
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push(r);
  });
  return { messages, scripts };
}

const scriptPath = (r: Response) => new URL(r.url()).pathname.replace(/^\//, "");

/** Whether a built script carries code from under `node_modules/{module}`, as its source map tells. */
function carries(file: string, module: string): boolean {
  const mapFile = path.join(FRONTEND_DIST, `${file}.map`);
  if (!fs.existsSync(mapFile)) return false; // the bundler's own few lines
  const map = JSON.parse(fs.readFileSync(mapFile, "utf8")) as { sources: string[] };
  return map.sources.some((source) => source.includes(`node_modules/${module}`));
}

describe("a visitor's first load of /", () => {
  it("is drawn from the HTML alone, before any script runs", async () => {
    const page = await e2e().newPage({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false });
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Travel Together, Stay Connected" }));
    await visible(page.getByRole("button", { name: "Start Coordinating" }));
    await visible(page.getByRole("heading", { level: 2, name: "Your next trip starts with one group" }));
    // Styled, not bare markup: the button carries the brand colour the app's theme gives it.
    const background = await page
      .getByRole("button", { name: "Start Coordinating" })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).not.toBe("rgba(0, 0, 0, 0)");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  it("asks the server nothing and logs nothing, then starts the app on the first tap without an error", async () => {
    const page = await e2e().newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const { messages } = record(page);
    const calls: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/")) calls.push(new URL(r.url()).pathname);
    });
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Travel Together, Stay Connected" }));
    await page.waitForLoadState("networkidle");
    expect(calls).toEqual([]);

    const probe = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/user");
    await page.getByRole("button", { name: "Start Coordinating" }).tap();
    await visible(page.getByRole("dialog", { name: "Join Caravan" }));
    expect((await probe).status()).toBe(204);
    await page.waitForLoadState("networkidle");
    const noisy = messages.filter((m) => m.type() === "error" || m.type() === "warning");
    expect(noisy.map((m) => `${m.type()}: ${m.text()} (${m.location().url})`)).toEqual([]);
  });

  it("loads only its own small script, brotli-compressed (but the tiniest) and cached for good; the app is prefetched", async () => {
    const page = await e2e().newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const { scripts } = record(page);
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Travel Together, Stay Connected" }));
    await page.waitForLoadState("networkidle");

    const { script, preload, prefetch } = landingScripts(manifest());
    const loaded = scripts.map(scriptPath).sort();
    expect(loaded).toEqual([script, ...preload].sort());
    for (const response of scripts) {
      const headers = response.headers();
      const size = fs.statSync(path.join(FRONTEND_DIST, scriptPath(response))).size;
      // The build makes compressed copies of files of 1 kB or more only (frontend/vite.config.ts).
      expect(headers["content-encoding"], scriptPath(response)).toBe(size >= 1024 ? "br" : undefined);
      expect(headers["cache-control"], scriptPath(response)).toBe("public, max-age=31536000, immutable");
    }
    // What a tap on Sign In needs is fetched at low priority once the page has been drawn, but not run.
    const prefetched = () =>
      page.evaluate(() =>
        [...document.head.querySelectorAll<HTMLLinkElement>("link[rel=prefetch]")].map((l) => new URL(l.href).pathname),
      );
    await expect.poll(async () => (await prefetched()).sort()).toEqual(prefetch.map((f) => `/${f}`).sort());
    const [firstPaint, firstPrefetch] = await page.evaluate(() => [
      performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((r) => (r as PerformanceResourceTiming).initiatorType === "link" && r.name.endsWith(".js"))
          .map((r) => r.startTime),
      ),
    ]);
    expect(firstPrefetch).toBeGreaterThan(firstPaint!);
    // Everything the app's own first load has but its entry (the app starts from the script above instead).
    const appEntry = manifest()["index.html"]!.file;
    const app = initialFiles(manifest()).filter((f) => f !== appEntry && ![script, ...preload].includes(f));
    expect(app.length).toBeGreaterThan(3);
    expect(prefetch).toEqual(expect.arrayContaining(app));
    // The fonts its text is drawn in start with the document, not a round trip later, once its stylesheet is read.
    const fonts = await page.evaluate(() => ({
      preloaded: [...document.querySelectorAll<HTMLLinkElement>("link[rel=preload][as=font]")].map(
        (l) => new URL(l.href).pathname,
      ),
      used: performance
        .getEntriesByType("resource")
        .filter((r) => r.name.endsWith(".woff2"))
        .map((r) => new URL(r.name).pathname),
    }));
    expect(fonts.used.length).toBeGreaterThan(0);
    expect(fonts.preloaded.sort()).toEqual([...new Set(fonts.used)].sort());
    // The page is never cached without asking, so a deploy reaches everyone on their next load.
    const html = await page.request.get("/", { headers: { "accept-encoding": "br" } });
    expect(html.headers()["cache-control"]).toBe("no-cache");
    expect(html.headers()["content-encoding"]).toBe("br");
  });

  it("brings the sign-in dialog's code only when the dialog opens", async () => {
    const page = await e2e().newPage();
    const { scripts } = record(page);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const before = scripts.length;
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    // The frame answers the tap at once; the dialog itself replaces it once its code is here.
    await gone(page.locator("#dialog-frame"));
    await visible(page.getByRole("dialog"));
    const added = scripts.slice(before).map(scriptPath);
    expect(added.some((f) => /AuthDialog/.test(f))).toBe(true);
    expect(initialFiles(manifest())).not.toEqual(expect.arrayContaining(added));
  });
});

/** Opens `/` for a new user on a phone, and says whether any of the landing page was ever on screen on the way. */
async function landingSeenOnTheWay(harness: ReturnType<typeof useE2E>): Promise<string[]> {
  const user = await signUpViaApi(harness());
  const page = await harness().signedInPage(user, { viewport: PHONE, isMobile: true, hasTouch: true });
  // Watches every change to the page from the first one on, for anything of the landing page's.
  await page.addInitScript(() => {
    const seen = ((window as unknown as { landingSeen: string[] }).landingSeen = [] as string[]);
    new MutationObserver(() => {
      if (document.documentElement.textContent?.includes("Start Coordinating")) seen.push(location.pathname);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.goto("/");
  await visible(page.getByText(`Welcome back, ${user.firstName}!`, { exact: true }));
  return page.evaluate(() => (window as unknown as { landingSeen: string[] }).landingSeen);
}

describe("a signed-in member's load of /", () => {
  it("shows the dashboard without the landing page's errors or any failed request", async () => {
    const user = await signUpViaApi(e2e());
    const page = await e2e().signedInPage(user);
    const { messages } = record(page);
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    await page.waitForLoadState("networkidle");
    expect(messages.filter((m) => m.type() === "error").map((m) => m.text())).toEqual([]);
  });

  it("is drawn by the server: readable before the app runs, kept on screen as the app takes over", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Dara", lastName: "Quinn" });
    const member = await signUpViaApi(e2e());
    await groupWithMember(e2e(), owner, member, { name: "Lisbon in spring", status: "planning" });

    // With no script at all, the dashboard is there: the greeting, the group and the stats, no loading state.
    const bare = await e2e().signedInPage(owner, {
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: false,
    });
    await bare.goto("/");
    expect(await bare.title()).toBe("Your Travel Groups · Caravan");
    await visible(bare.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    await visible(bare.getByText("Welcome back, Dara!", { exact: true }));
    await visible(bare.getByText("Lisbon in spring", { exact: true }));
    await visible(bare.getByText("Planning Phase", { exact: true }));
    expect(await bare.locator(".chakra-skeleton").count()).toBe(0);

    // With the app: the group never leaves the screen, and the app's own parts (the user menu) arrive.
    const page = await e2e().signedInPage(owner, { viewport: PHONE, isMobile: true, hasTouch: true });
    const { messages } = record(page);
    await page.addInitScript(() => {
      const w = window as unknown as { groupSeen: boolean; groupLost: number };
      w.groupSeen = false;
      w.groupLost = 0;
      new MutationObserver(() => {
        const shown = document.documentElement.textContent?.includes("Lisbon in spring") ?? false;
        if (shown) w.groupSeen = true;
        else if (w.groupSeen) w.groupLost += 1;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto("/");
    await visible(page.getByRole("button", { name: "Open user menu" }));
    expect(await page.locator("#root > [data-server-rendered]").count()).toBe(0);
    expect(
      await page.evaluate(() => {
        const w = window as unknown as { groupSeen: boolean; groupLost: number };
        return { groupSeen: w.groupSeen, groupLost: w.groupLost };
      }),
    ).toEqual({ groupSeen: true, groupLost: 0 });
    expect(messages.filter((m) => m.type() === "error").map((m) => m.text())).toEqual([]);
  });

  it("never draws the landing page on the way to the dashboard", async () => {
    expect(await landingSeenOnTheWay(e2e)).toEqual([]);
  });
});

describe("a signed-in member's load of / the app draws itself (as from the service worker's copy of the app)", () => {
  const appDraws = useE2E({ PAGE_RENDERER: "off" });

  it("never draws the landing page on the way to the dashboard", async () => {
    expect(await landingSeenOnTheWay(appDraws)).toEqual([]);
  });

  it("asks who is signed in, then the dashboard's reads, before the dashboard's code arrives, and uses those answers", async () => {
    const user = await signUpViaApi(appDraws());
    const page = await appDraws().signedInPage(user, { viewport: PHONE, isMobile: true, hasTouch: true });
    const reads = ["/api/auth/user", "/api/groups", "/api/groups/stats", "/api/shared-trips", "/api/notifications"];
    const asked: string[] = [];
    page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (reads.includes(pathname)) asked.push(pathname);
      else if (/^\/assets\/DashboardPage-[\w-]+\.js$/.test(pathname)) asked.push("page code");
    });
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    await page.waitForLoadState("networkidle");
    expect(asked.indexOf("page code")).toBe(reads.length);
    // Each once: the dashboard took the early answers rather than asking again.
    expect([...asked].sort()).toEqual([...reads, "page code"].sort());
  });
});

describe("the theme's global styles", () => {
  it("come with the app's stylesheet: the page itself inserts no token, reset or global rule", async () => {
    const user = await signUpViaApi(e2e());
    const page = await e2e().signedInPage(user, { viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    const found = await page.evaluate(() => {
      const text = (sheet: CSSStyleSheet) => [...sheet.cssRules].map((r) => r.cssText).join("\n");
      const sheets = [...document.styleSheets];
      const linked = sheets
        .filter((s) => s.ownerNode instanceof HTMLLinkElement)
        .map(text)
        .join("\n");
      const inserted = sheets
        .filter((s) => s.ownerNode instanceof HTMLStyleElement)
        .map(text)
        .join("\n");
      const root = getComputedStyle(document.documentElement);
      return {
        brandInLinked: linked.includes("--chakra-colors-brand-600:"),
        brandInInserted: inserted.includes("--chakra-colors-brand-600:"),
        resetInInserted: /@layer reset\s*\{/.test(inserted),
        brand: root.getPropertyValue("--chakra-colors-brand-600").trim(),
        bodyMargin: getComputedStyle(document.body).margin,
      };
    });
    expect(found).toEqual({
      brandInLinked: true,
      brandInInserted: false,
      resetInInserted: false,
      brand: expect.stringMatching(/^#[0-9a-f]{6}$/i),
      bodyMargin: "0px",
    });
  });
});

describe("a group page opened from its address", () => {
  it("is drawn by the server for a member: readable before the app runs, kept on screen as the app takes over", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Ines", lastName: "Marchetti" });
    const member = await signUpViaApi(e2e(), { firstName: "Tomas", lastName: "Berg" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Drawn Weekend", status: "active" });

    // With no script at all, the page is there: the group, its members and what a member can do.
    const bare = await e2e().signedInPage(member, {
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      javaScriptEnabled: false,
    });
    await bare.goto(`/groups/${groupId}`);
    expect(await bare.title()).toBe("Drawn Weekend · Caravan");
    await visible(bare.getByRole("heading", { level: 1, name: "Drawn Weekend" }));
    await visible(bare.getByText("Active Trip", { exact: true }));
    await visible(bare.getByRole("heading", { name: "Group Locations" }));
    await visible(bare.getByRole("heading", { name: "Member Status" }));
    expect(await bare.getByTestId("group-skeleton").count()).toBe(0);

    // With the app: the heading never leaves the screen, and the app's own parts (the map, the chat) arrive.
    const page = await e2e().signedInPage(member, { viewport: PHONE, isMobile: true, hasTouch: true });
    const { messages } = record(page);
    await page.addInitScript(() => {
      const w = window as unknown as { headingSeen: boolean; headingLost: number; skeletonSeen: boolean };
      w.headingSeen = false;
      w.headingLost = 0;
      w.skeletonSeen = false;
      new MutationObserver(() => {
        if (document.querySelector('[data-testid="group-skeleton"]')) w.skeletonSeen = true;
        const shown = document.querySelector("#root h1") !== null;
        if (shown) w.headingSeen = true;
        else if (w.headingSeen) w.headingLost += 1;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`/groups/${groupId}`);
    // The chat's messages and the map are the app's: once they show, the app has drawn the page.
    await visible(page.getByText("No messages yet", { exact: true }));
    await page.getByTestId("map").locator(".leaflet-container").first().waitFor({ timeout: 20_000 });
    const seen = await page.evaluate(() => {
      const w = window as unknown as { headingLost: number; skeletonSeen: boolean };
      return { headingLost: w.headingLost, skeletonSeen: w.skeletonSeen };
    });
    expect(seen).toEqual({
      headingLost: 0,
      skeletonSeen: false,
    });
    expect(messages.filter((m) => m.type() === "error").map((m) => m.text())).toEqual([]);
  });
});

/**
 * Marks every element of the drawn page as the HTML brought it, before any script runs: `goto` then waits until the
 * app has taken the page over (harness.ts).
 */
async function markDrawnElements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      (window as unknown as { drawnElements: Element[] }).drawnElements = [...document.querySelectorAll("#root *")];
    });
  });
}

/** What became of the drawn page's elements, and every attribute of the page that differs from what the app set. */
function afterTakeover(page: Page): Promise<{ drawn: number; kept: number; headingKept: boolean; differ: string[] }> {
  return page.evaluate(() => {
    const drawnElements = (window as unknown as { drawnElements: Element[] }).drawnElements;
    const differ: string[] = [];
    for (const element of document.querySelectorAll("#root *")) {
      // Leaflet's map sets classes of its own on the element it is given.
      if (element.closest(".leaflet-container")) continue;
      const key = Object.keys(element).find((k) => k.startsWith("__reactProps$"));
      if (!key) continue;
      const props = (element as unknown as Record<string, Record<string, unknown>>)[key]!;
      for (const [prop, value] of Object.entries(props)) {
        const attribute = prop === "className" ? "class" : prop;
        if (!/^(class|id|role|aria-.+|data-.+)$/.test(attribute)) continue;
        if (value === undefined || value === null || typeof value === "object" || typeof value === "function") continue;
        const shown = element.getAttribute(attribute);
        if (shown !== String(value))
          differ.push(`<${element.localName}> ${attribute}="${shown}", the app's "${String(value)}"`);
      }
    }
    const heading = drawnElements.find((e) => e.localName === "h1");
    return {
      drawn: drawnElements.length,
      kept: drawnElements.filter((e) => e.isConnected).length,
      headingKept: heading?.isConnected === true && document.querySelector("#root h1") === heading,
      differ,
    };
  });
}

describe("a drawn dashboard, group page or shared trip, taken over by the app", () => {
  it("keeps the dashboard's elements; its header holds still as the user menu arrives, and the bell answers the first tap", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Rui", lastName: "Costa" });
    const member = await signUpViaApi(e2e());
    await groupWithMember(e2e(), owner, member, { name: "Hydrated Dashboard", status: "planning" });
    const page = await e2e().signedInPage(owner, { viewport: PHONE, isMobile: true, hasTouch: true });
    const { messages } = record(page);
    await markDrawnElements(page);
    // Where the bell is in every frame, from the first paint till the user menu is there, and what the header says
    // in the first of them (the menu's place holds the user's initials, as the menu's avatar will).
    await page.addInitScript(() => {
      const w = window as unknown as { bellAt: number[]; firstHeader?: string };
      w.bellAt = [];
      const watch = () => {
        const bell = document.querySelector('[data-testid="notification-bell"]');
        if (bell) w.bellAt.push(Math.round(bell.getBoundingClientRect().left));
        if (bell && w.firstHeader === undefined) w.firstHeader = document.querySelector("header")?.textContent ?? "";
        if (!document.querySelector('[aria-label="Open user menu"]')) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.goto("/");
    await page.locator("#root > [data-server-rendered]").waitFor({ state: "detached" });
    // A tap as soon as the page is the app's: the user menu arriving after it must not have moved the bell away.
    await page.getByTestId("notification-bell").click();
    await visible(page.getByTestId("notification-panel"));
    await visible(page.getByRole("button", { name: "Open user menu" }));
    const { bellAt, firstHeader } = await page.evaluate(() => {
      const w = window as unknown as { bellAt: number[]; firstHeader?: string };
      return { bellAt: w.bellAt, firstHeader: w.firstHeader };
    });
    expect(bellAt.length).toBeGreaterThan(1);
    expect(new Set(bellAt)).toEqual(new Set([bellAt[0]]));
    expect(firstHeader).toContain("RC");
    expect(await page.getByRole("button", { name: "Open user menu" }).innerText()).toBe("RC");
    const dashboard = await afterTakeover(page);
    expect(dashboard.headingKept).toBe(true);
    expect(dashboard.kept).toBeGreaterThan(dashboard.drawn * 0.8);
    expect(dashboard.differ).toEqual([]);
    expect(messages.filter((m) => m.type() === "error").map((m) => m.text())).toEqual([]);
  });

  it("holds taps and typing on the drawn page until the app has taken it over, and takes them from then on", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Ines", lastName: "Marchetti" });
    const member = await signUpViaApi(e2e(), { firstName: "Tomas", lastName: "Berg" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Held Weekend", status: "active" });
    const page = await e2e().signedInPage(member, { viewport: PHONE, isMobile: true, hasTouch: true });
    // The app's main chunk is held back: the page stays as the server drew it, with its own small script running.
    const appChunk = Object.values(manifest()).find((c) => c.name === "start")!.file;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked = () => {};
    const appAsked = new Promise<void>((resolve) => (asked = resolve));
    await page.route(`**/${appChunk}`, async (route) => {
      asked();
      await released;
      await route.continue();
    });
    const url = new URL(`/groups/${groupId}`, e2e().baseUrl).href;
    // The frame's own navigation: the page's `goto` would wait for the app to take over (harness.ts).
    await page.mainFrame().goto(url);
    await appAsked;
    expect(await page.locator("#root > [data-server-rendered]").count()).toBe(1);

    const input = page.getByTestId("message-input");
    await input.tap();
    await page.keyboard.type("Too early");
    expect(await input.inputValue()).toBe("");
    await page.getByRole("link", { name: "Caravan home" }).first().tap();
    await page.waitForTimeout(300);
    expect(page.url()).toBe(url);

    release();
    await page.locator("#root > [data-server-rendered]").waitFor({ state: "detached", timeout: 20_000 });
    await input.tap();
    await page.keyboard.type("On time");
    expect(await input.inputValue()).toBe("On time");
  });

  it("keeps the elements the server drew, each as the app sets it, and works at once", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Ines", lastName: "Marchetti" });
    const member = await signUpViaApi(e2e(), { firstName: "Tomas", lastName: "Berg" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Hydrated Weekend", status: "active" });
    const page = await e2e().signedInPage(owner, { viewport: PHONE, isMobile: true, hasTouch: true });
    const { messages } = record(page);
    await markDrawnElements(page);
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByText("No messages yet", { exact: true }));
    const group = await afterTakeover(page);
    // The app adopted the page: only the parts the server leaves to it (the map, the user menu) are drawn anew.
    expect(group.headingKept).toBe(true);
    expect(group.kept).toBeGreaterThan(group.drawn * 0.8);
    expect(group.differ).toEqual([]);
    // Its parts answer: the invite dialog opens from the drawn button.
    await page.getByRole("button", { name: "Invite More" }).click();
    await visible(page.getByRole("dialog"));
    expect(messages.filter((m) => m.type() === "error").map((m) => m.text())).toEqual([]);

    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: owner.email, password: owner.password });
    const token = (await client.post("/api/shared-trips", { durationHours: 2 })).body.shareToken as string;
    await client.post(`/api/shared-trips/${token}/locations`, { latitude: 48.8606, longitude: 2.3376, notes: null });
    const watcher = await e2e().newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const watched = record(watcher);
    await markDrawnElements(watcher);
    // The watcher's phone is five minutes ahead of the server: the page's relative times ("Updated ... ago", the time
    // left) are first drawn again for the time the server drew them at, then for the phone's.
    await watcher.addInitScript(() => {
      const RealDate = Date;
      const ahead = 5 * 60_000;
      class PhoneDate extends RealDate {
        constructor(...args: ConstructorParameters<DateConstructor> | []) {
          if (args.length === 0) super(RealDate.now() + ahead);
          else super(...(args as ConstructorParameters<DateConstructor>));
        }
        static override now() {
          return RealDate.now() + ahead;
        }
      }
      window.Date = PhoneDate as DateConstructor;
    });
    await watcher.goto(`/shared/${token}`);
    await visible(watcher.getByRole("heading", { level: 1 }));
    const shared = await afterTakeover(watcher);
    expect(shared.headingKept).toBe(true);
    expect(shared.kept).toBeGreaterThan(shared.drawn * 0.8);
    expect(shared.differ).toEqual([]);
    // Both the location's "Updated" line and, as a point five minutes old is no longer live, the header's badge.
    await visible(watcher.getByTestId("share-updated").getByText("5 min ago", { exact: false }));
    await visible(watcher.getByTestId("share-status").getByText("5 min ago", { exact: false }));
    expect(watched.messages.filter((m) => m.type() === "error").map((m) => m.text())).toEqual([]);
  });

  it("loads no calendar data on a shared trip, whose times are all relative; the group page's chat has it loaded", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Ines", lastName: "Marchetti" });
    const member = await signUpViaApi(e2e(), { firstName: "Tomas", lastName: "Berg" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Calendar Weekend", status: "active" });
    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: owner.email, password: owner.password });
    await client.post(`/api/groups/${groupId}/messages`, { content: "At the station at nine" });
    const token = (await client.post("/api/shared-trips", { durationHours: 2 })).body.shareToken as string;
    await client.post(`/api/shared-trips/${token}/locations`, { latitude: 48.8606, longitude: 2.3376, notes: null });
    // Every use of Intl, or of what formats through it, from the first script on: the first one makes the browser
    // load the locale's calendar data, 40-80 ms of a mid-range phone's main thread.
    const countIntl = async (page: Page) =>
      page.addInitScript(() => {
        const w = window as unknown as { intlUses: string[] };
        w.intlUses = [];
        const intl = Intl as unknown as Record<string, unknown>;
        for (const name of Object.getOwnPropertyNames(Intl)) {
          const real = intl[name];
          if (typeof real !== "function") continue;
          intl[name] = new Proxy(real, {
            construct: (target, args, newTarget) => (w.intlUses.push(name), Reflect.construct(target, args, newTarget)),
            apply: (target, self, args) => (w.intlUses.push(name), Reflect.apply(target, self, args) as unknown),
          });
        }
        const formatting: Array<[object, string]> = [
          [Date.prototype, "toLocaleString"],
          [Date.prototype, "toLocaleDateString"],
          [Date.prototype, "toLocaleTimeString"],
          [Number.prototype, "toLocaleString"],
          [String.prototype, "localeCompare"],
        ];
        for (const [proto, method] of formatting) {
          const target = proto as Record<string, (...args: unknown[]) => unknown>;
          const real = target[method]!;
          target[method] = function (this: unknown, ...args: unknown[]) {
            w.intlUses.push(method);
            return real.apply(this, args);
          };
        }
      });
    const intlUses = (page: Page) => page.evaluate(() => (window as unknown as { intlUses: string[] }).intlUses);

    const watcher = await e2e().newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await countIntl(watcher);
    await watcher.goto(`/shared/${token}`);
    await visible(watcher.getByRole("heading", { level: 1 }));
    // The app has taken the page over (hold-input.ts: the page is no longer marked as server-rendered).
    await watcher.waitForFunction(() => !document.querySelector("[data-server-rendered]"));
    await visible(watcher.getByText("min ago", { exact: false }).first());
    // Past the app's first tasks, where the calendar data would be loaded.
    await watcher.waitForTimeout(500);
    // Texts with a count are made by the language's plural rules (decision 45), which use Intl.PluralRules and
    // NumberFormat; the calendar is what stays out.
    const plurals = new Set(["PluralRules", "NumberFormat"]);
    expect((await intlUses(watcher)).filter((use) => !plurals.has(use))).toEqual([]);

    const page = await e2e().signedInPage(member, { viewport: PHONE, isMobile: true, hasTouch: true });
    await countIntl(page);
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByText("At the station at nine", { exact: true }));
    expect(await intlUses(page)).toContain("DateTimeFormat");
  });

  it("reads what the server drew the page from once, as the page starts following its room, and its settings not at all", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Lea", lastName: "Okafor" });
    const member = await signUpViaApi(e2e());
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Read Once", status: "active" });
    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: owner.email, password: owner.password });
    const token = (await client.post("/api/shared-trips", { durationHours: 2 })).body.shareToken as string;
    await client.post(`/api/shared-trips/${token}/locations`, { latitude: 45.76, longitude: 4.83, notes: null });

    /**
     * How often each of `paths` was asked for while the page loaded, up to its room's subscription and after: counted
     * until no request has been open for half a second since the subscription was answered (the page's load may have
     * gone quiet before the app subscribed, so the page's own network-idle state says nothing about the reads after).
     */
    const asked = async (page: Page, url: string, paths: string[]) => {
      const counts = new Map(paths.map((p) => [p, 0]));
      const subscribed = subscriptionAnswered(page);
      let open = 0;
      let lastActivity = Date.now();
      const settled = () => {
        open -= 1;
        lastActivity = Date.now();
      };
      page.on("request", (r) => {
        open += 1;
        lastActivity = Date.now();
        const { pathname } = new URL(r.url());
        const count = counts.get(pathname);
        if (count !== undefined) counts.set(pathname, count + 1);
      });
      page.on("requestfinished", settled);
      page.on("requestfailed", settled);
      await page.goto(url);
      await subscribed;
      const answeredAt = Date.now();
      await expect
        .poll(() => open === 0 && Date.now() - Math.max(lastActivity, answeredAt) >= 500, { timeout: 15_000 })
        .toBe(true);
      return Object.fromEntries(counts);
    };
    const group = await e2e().signedInPage(owner, { viewport: PHONE, isMobile: true, hasTouch: true });
    const groupReads = [
      ...["", "/members", "/locations", "/tracker-sharing"].map((p) => `/api/groups/${groupId}${p}`),
      "/api/notifications",
    ];
    // Who is signed in and the server's settings came with the page too, and are not read at all: no event changes
    // either, so the subscription does not read them again.
    expect(await asked(group, `/groups/${groupId}`, [...groupReads, "/api/auth/user", "/api/config"])).toEqual({
      ...Object.fromEntries(groupReads.map((p) => [p, 1])),
      "/api/auth/user": 0,
      "/api/config": 0,
    });
    const watcher = await e2e().newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    const sharedReads = ["", "/locations", "/messages"].map((p) => `/api/shared-trips/${token}${p}`);
    expect(await asked(watcher, `/shared/${token}`, [...sharedReads, "/api/config"])).toEqual({
      ...Object.fromEntries(sharedReads.map((p) => [p, 1])),
      "/api/config": 0,
    });
  });

  it("says when a member arrived in the phone's own time zone, not the server's", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Ines", lastName: "Marchetti" });
    const member = await signUpViaApi(e2e(), { firstName: "Tomas", lastName: "Berg" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Arrivals", status: "active" });
    const lake = { latitude: 45.8992, longitude: 6.1294 };
    const ownerClient = e2e().app.client();
    await ownerClient.post("/api/auth/signin", { email: owner.email, password: owner.password });
    const destination = {
      destinationName: "Annecy",
      destinationLatitude: lake.latitude,
      destinationLongitude: lake.longitude,
    };
    expect((await ownerClient.patch(`/api/groups/${groupId}`, destination)).status).toBe(200);
    const memberClient = e2e().app.client();
    await memberClient.post("/api/auth/signin", { email: member.email, password: member.password });
    expect((await memberClient.post(`/api/groups/${groupId}/locations`, lake)).status).toBe(200);
    const arrivedAt = (await ownerClient.get(`/api/groups/${groupId}/members`)).body.find(
      (m: { userId: string; arrivedAt: string | null }) => m.arrivedAt !== null,
    ).arrivedAt as string;

    // A phone twelve or thirteen hours from the server's clock: the drawn page says nothing the app would say otherwise
    // (React would report the difference and draw the whole page again), and the app then says the phone's time.
    const timezoneId = "Pacific/Auckland";
    const page = await e2e().signedInPage(owner, { viewport: PHONE, isMobile: true, hasTouch: true, timezoneId });
    const { messages } = record(page);
    await page.goto(`/groups/${groupId}`);
    await page.locator("#root > [data-server-rendered]").waitFor({ state: "detached" });
    const time = new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: timezoneId }).format(
      new Date(arrivedAt),
    );
    await expect.poll(() => page.getByTestId("member-arrived").innerText()).toBe(`Arrived ${time}`);
    expect(messages.filter((m) => m.type() === "error").map((m) => m.text())).toEqual([]);
  });
});

describe("a drawn page's code", () => {
  it("is asked for a few files per task, each file fetched once", async () => {
    const owner = await signUpViaApi(e2e());
    const member = await signUpViaApi(e2e());
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Short Tasks", status: "active" });
    const page = await e2e().signedInPage(member, { viewport: PHONE, isMobile: true, hasTouch: true });
    // Every batch of preload links added to the page between two checkpoints: one task's.
    await page.addInitScript(() => {
      const w = window as unknown as { preloadBatches: string[][] };
      w.preloadBatches = [];
      new MutationObserver((records) => {
        const added = records
          .flatMap((r) => [...r.addedNodes])
          .filter((n): n is HTMLLinkElement => n instanceof HTMLLinkElement && n.rel === "modulepreload")
          .map((link) => new URL(link.href).pathname);
        if (added.length > 0) w.preloadBatches.push(added);
      }).observe(document, { subtree: true, childList: true });
    });
    const { scripts } = record(page);
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByText("No messages yet", { exact: true }));
    const batches = await page.evaluate(() => (window as unknown as { preloadBatches: string[][] }).preloadBatches);
    const asked = batches.flat();
    const groupChunk = `/${manifest()["src/app/GroupRoute.tsx"]!.file}`;
    const appChunk = `/${Object.values(manifest()).find((c) => c.name === "start")!.file}`;
    expect(asked).toContain(groupChunk);
    expect(asked).toContain(appChunk);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(LINKS_PER_TASK);
    const fetched = scripts.map(scriptPath);
    expect(fetched.filter((file, i) => fetched.indexOf(file) !== i)).toEqual([]);
  });

  it("asks for the map's stylesheet before the app's scripts, once", async () => {
    const owner = await signUpViaApi(e2e());
    const member = await signUpViaApi(e2e());
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Styles First", status: "active" });
    const page = await e2e().signedInPage(member, { viewport: PHONE, isMobile: true, hasTouch: true });
    // Every stylesheet and module link added to the page after it was parsed, in order.
    await page.addInitScript(() => {
      const w = window as unknown as { linksAdded: string[] };
      w.linksAdded = [];
      new MutationObserver((records) => {
        // Those of the served HTML are parsed in while the document is loading.
        if (document.readyState === "loading") return;
        for (const node of records.flatMap((r) => [...r.addedNodes])) {
          if (node instanceof HTMLLinkElement && ["stylesheet", "modulepreload"].includes(node.rel)) {
            w.linksAdded.push(`${node.rel} ${new URL(node.href).pathname}`);
          }
        }
      }).observe(document, { subtree: true, childList: true });
    });
    const stylesheets: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "stylesheet") stylesheets.push(new URL(r.url()).pathname);
    });
    await page.goto(`/groups/${groupId}`);
    await page.locator(".caravan-map.leaflet-container").waitFor();
    const mapStyles = Object.values(manifest())
      .filter((chunk) => /BaseMap/.test(chunk.file))
      .flatMap((chunk) => (chunk as { css?: string[] }).css ?? [])
      .map((file) => `/${file}`);
    expect(mapStyles).toHaveLength(1);
    const added = await page.evaluate(() => (window as unknown as { linksAdded: string[] }).linksAdded);
    // Once the page is painted, its script asks for the stylesheet first; the app, rendering the map, finds it there.
    expect(added[0]).toBe(`stylesheet ${mapStyles[0]}`);
    expect(stylesheets.filter((file) => file === mapStyles[0])).toHaveLength(1);
  });

  it("is compiled as it streams in: every script but the smallest starts with V8's compile hint", async () => {
    const owner = await signUpViaApi(e2e());
    const member = await signUpViaApi(e2e());
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Compiled Early", status: "active" });
    const page = await e2e().signedInPage(member, { viewport: PHONE, isMobile: true, hasTouch: true });
    const { scripts } = record(page);
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByText("No messages yet", { exact: true }));
    const bodies = new Map(await Promise.all(scripts.map(async (r) => [scriptPath(r), await r.text()] as const)));
    const hinted = [...bodies].filter(([, body]) => body.startsWith(`${COMPILE_HINT}\n`)).map(([file]) => file);
    const chunk = (name: string) => Object.values(manifest()).find((c) => c.name === name)!.file;
    expect(hinted).toEqual(
      expect.arrayContaining([
        chunk("react"),
        chunk("ui-initial"),
        chunk("start"),
        manifest()["src/app/GroupRoute.tsx"]!.file,
      ]),
    );
    // The bundler's few lines of its own compile in no time: they go without.
    const runtime = chunk("rolldown-runtime");
    expect(bodies.has(runtime)).toBe(true);
    expect(bodies.get(runtime)!.startsWith(COMPILE_HINT)).toBe(false);
  });
});

describe("a drawn page's styles", () => {
  it("stay where the page brought them as the app takes over, outside any cascade layer, and none is inserted again", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Ines", lastName: "Marchetti" });
    const member = await signUpViaApi(e2e(), { firstName: "Tomas", lastName: "Berg" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Styled Weekend", status: "active" });
    const page = await e2e().signedInPage(member, { viewport: PHONE, isMobile: true, hasTouch: true });
    // Every style element taken out of the head (a move is one too), from the first parse on.
    await page.addInitScript(() => {
      const w = window as unknown as { stylesTakenOut: string[] };
      w.stylesTakenOut = [];
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.removedNodes) {
            if (node instanceof HTMLStyleElement) w.stylesTakenOut.push(node.outerHTML.slice(0, 80));
          }
        }
      }).observe(document, { subtree: true, childList: true });
    });
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByText("No messages yet", { exact: true }));
    await page.getByTestId("map").locator(".leaflet-container").first().waitFor({ timeout: 20_000 });
    const found = await page.evaluate(() => {
      const selectors = (rules: CSSRuleList): string[] =>
        [...rules].flatMap((rule) =>
          rule instanceof CSSStyleRule
            ? [rule.selectorText]
            : "cssRules" in rule
              ? selectors(rule.cssRules as CSSRuleList)
              : [],
        );
      const drawn = document.querySelector<HTMLStyleElement>("head > style[data-rendered-styles]");
      const drawnSelectors = new Set(drawn ? selectors(drawn.sheet!.cssRules) : []);
      const inserted = [...document.querySelectorAll<HTMLStyleElement>("style[data-emotion]")].flatMap((s) =>
        selectors(s.sheet!.cssRules),
      );
      // Every rule inserted in a cascade layer would make Chromium restyle and lay out the whole page again.
      const layerRules = [...document.querySelectorAll<HTMLStyleElement>("style")].flatMap((s) =>
        [...s.sheet!.cssRules].filter((r) => r instanceof CSSLayerBlockRule || r instanceof CSSLayerStatementRule),
      );
      return {
        layerRules: layerRules.length,
        drawnRules: drawnSelectors.size,
        insertedAgain: inserted.filter((s) => drawnSelectors.has(s)),
        insertedOthers: inserted.length,
        takenOut: (window as unknown as { stylesTakenOut: string[] }).stylesTakenOut,
      };
    });
    expect(found.drawnRules).toBeGreaterThan(20);
    // The app drew what the server had not (the map, the chat): those rules are Emotion's own.
    expect(found.insertedOthers).toBeGreaterThan(0);
    expect(found.insertedAgain).toEqual([]);
    expect(found.layerRules).toBe(0);
    expect(found.takenOut.filter((html) => html.includes("data-rendered-styles"))).toEqual([]);
  });
});

describe("a group page the app draws itself (as from the service worker's copy of the app, on later visits)", () => {
  const appDraws = useE2E({ PAGE_RENDERER: "off" });

  it("asks for the group and for the page's code before the app's own code has been evaluated", async () => {
    const owner = await signUpViaApi(appDraws());
    const member = await signUpViaApi(appDraws());
    const groupId = await groupWithMember(appDraws(), owner, member, { name: "Early Start", status: "active" });
    const page = await appDraws().signedInPage(owner, { viewport: PHONE, isMobile: true, hasTouch: true });
    const chunks = Object.values(manifest());
    const appChunk = chunks.find((c) => c.name === "start")!.file;
    const pageChunk = manifest()["src/app/GroupRoute.tsx"]!.file;
    // The app's main chunk marks the page's timeline once it has been evaluated, its last statement.
    await page.route(`**/${appChunk}`, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: `${await response.text()}\n;performance.mark("app evaluated");` });
    });
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByRole("heading", { level: 1, name: "Early Start" }));
    const [evaluated, read, code] = await page.evaluate(
      ({ readPath, codePath }) => {
        const started = (p: string) =>
          performance.getEntriesByType("resource").find((r) => new URL(r.name).pathname === p)?.startTime;
        return [performance.getEntriesByName("app evaluated")[0]?.startTime, started(readPath), started(codePath)];
      },
      { readPath: `/api/groups/${groupId}`, codePath: `/${pageChunk}` },
    );
    expect(evaluated).toBeGreaterThan(0);
    expect(read).toBeLessThan(evaluated!);
    expect(code).toBeLessThan(evaluated!);
  });
});

describe("the dashboard's dialogs", () => {
  it("bring their forms and the dialog machinery only when one opens", async () => {
    const user = await signUpViaApi(e2e());
    const page = await e2e().signedInPage(user, { viewport: PHONE, isMobile: true, hasTouch: true });
    const { scripts } = record(page);
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    await page.waitForLoadState("networkidle");
    const loaded = (module: string) => scripts.map(scriptPath).filter((file) => carries(file, module));
    // The dialog's state machine: the recipes' names of its parts come with the theme.
    const dialogMachine = "@zag-js/dialog/dist/dialog.machine";
    expect(loaded("formik/")).toEqual([]);
    expect(loaded(dialogMachine)).toEqual([]);

    await page.getByRole("button", { name: "Share Trip" }).click();
    await visible(page.getByRole("dialog", { name: "Share Your Trip" }));
    expect(loaded("formik/")).not.toEqual([]);
    expect(loaded(dialogMachine)).not.toEqual([]);
    // Closed and opened again, it is the same dialog, already loaded.
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await page.getByRole("button", { name: "Share Trip" }).click();
    await visible(page.getByRole("dialog", { name: "Share Your Trip" }));
  });
});

describe("contrast", () => {
  it("the landing page's text, the step numbers included, reads at 4.5:1 or more", async () => {
    const page = await e2e().newPage();
    await page.goto("/");
    await visible(page.locator("#how-it-works").getByText("01", { exact: true }));
    // The numbers are decoration (aria-hidden), which axe skips: check them by the same rule directly.
    await page.evaluate(() =>
      document
        .querySelectorAll("#how-it-works [aria-hidden='true']")
        .forEach((el) => el.removeAttribute("aria-hidden")),
    );
    expect(await axeViolations(page, "body", ["color-contrast"])).toEqual([]);
  });

  it("chat timestamps read at 4.5:1 or more", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Road to Santiago", status: "active" });
    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: member.email, password: member.password });
    await client.post(`/api/groups/${groupId}/messages`, { content: "Leaving Pamplona at seven" });
    const page = await e2e().signedInPage(owner);
    await page.goto(`/groups/${groupId}`);
    const panel = page.getByTestId("messages-panel");
    await visible(panel.locator("time").first());
    expect(await axeViolations(page, "[data-testid='messages-panel']", ["color-contrast"])).toEqual([]);
  });
});
