import {
  COLOR_MODE_STORAGE_KEY,
  COLOR_MODE_TEXTS,
  GROUP_TEXTS,
  LOCATION_TEXTS,
  TRACKER_TEXTS,
  type ColorMode,
} from "@caravan/common";
import type { BrowserContextOptions, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { groupWithMember, signUpViaApi, useE2E, type TestUser } from "./harness";
import { axeViolations, gone, settled, visible } from "./ui";

const e2e = useE2E();

interface Frame {
  classes: string;
  /** The body's background colour, once there is a body. */
  body: string | null;
  /** Whether #root shows anything yet. */
  content: boolean;
}

/**
 * Records, from the page's first frame until it has loaded and shows its content, what each frame is drawn with: `<html>`'s classes and the
 * body's background colour. A callback of requestAnimationFrame runs before the frame is painted.
 */
function recordFrames(): void {
  const frames: Frame[] = [];
  (window as unknown as { frames_: Frame[] }).frames_ = frames;
  const look = () => {
    frames.push({
      classes: document.documentElement.className,
      body: document.body ? getComputedStyle(document.body).backgroundColor : null,
      content: Boolean(document.querySelector("#root > *")),
    });
    const done = document.readyState === "complete" && frames.some((f) => f.content) && frames.length >= 5;
    if (frames.length < 600 && !done) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** The relative luminance of a computed `rgb(r, g, b)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Opens `path` and checks that every frame from the first one was drawn in `mode`, the page's content included. */
async function expectDrawnIn(page: Page, path: string, mode: ColorMode): Promise<void> {
  await page.addInitScript(recordFrames);
  await page.goto(path);
  await page.waitForFunction(() => {
    const frames = (window as unknown as { frames_: Frame[] }).frames_;
    return document.readyState === "complete" && frames.some((f) => f.content);
  });
  const frames = await page.evaluate(() => (window as unknown as { frames_: Frame[] }).frames_);
  expect(frames.length, path).toBeGreaterThan(0);
  expect(
    frames.some((f) => f.content),
    `${path}: a frame with the page's content`,
  ).toBe(true);
  for (const frame of frames) {
    expect(frame.classes.split(" "), path).toContain(mode);
    expect(frame.classes.split(" "), path).not.toContain(mode === "dark" ? "light" : "dark");
    if (frame.body === null) continue;
    if (mode === "dark") expect(luminance(frame.body), `${path}: ${frame.body}`).toBeLessThan(0.05);
    else expect(luminance(frame.body), `${path}: ${frame.body}`).toBeGreaterThan(0.8);
  }
}

/** A group with two located members, a shared trip with a position, and a link to join the group. */
async function trip(): Promise<{ owner: TestUser; groupId: number; shareToken: string; inviteToken: string }> {
  const owner = await signUpViaApi(e2e(), { firstName: "Nora", lastName: "Lindqvist" });
  const member = await signUpViaApi(e2e(), { firstName: "Ivo", lastName: "Petrov" });
  const groupId = await groupWithMember(e2e(), owner, member, { name: "Fjords by night", status: "active" });
  const client = e2e().app.client();
  await client.post("/api/auth/signin", { email: owner.email, password: owner.password });
  for (const [user, latitude, longitude] of [
    [owner, 60.3913, 5.3221],
    [member, 60.3951, 5.3302],
  ] as const) {
    const own = e2e().app.client();
    await own.post("/api/auth/signin", { email: user.email, password: user.password });
    expect((await own.post(`/api/groups/${groupId}/locations`, { latitude, longitude })).status).toBe(200);
  }
  const share = await client.post("/api/shared-trips", { durationHours: 2 });
  expect(share.status).toBe(201);
  const shareToken = share.body.shareToken as string;
  await client.post(`/api/shared-trips/${shareToken}/locations`, { latitude: 60.3913, longitude: 5.3221 });
  const link = await client.post(`/api/groups/${groupId}/invites/link`, {});
  return { owner, groupId, shareToken, inviteToken: link.body.inviteToken as string };
}

/** Checks that the page shows dark mode and that axe finds no text below 4.5:1 (3:1 for large text) on it. */
async function expectReadable(page: Page, what: string): Promise<void> {
  // Once the animations are over: axe reads the colours as seen.
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.className), what).toContain("dark");
  expect(luminance(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)), what).toBeLessThan(
    0.05,
  );
  expect(await axeViolations(page, "body", ["color-contrast"]), what).toEqual([]);
}

async function openUserMenu(page: Page): Promise<void> {
  await page.getByRole("button", { name: /Open user menu/ }).click();
  await visible(page.getByRole("menuitemradio", { name: COLOR_MODE_TEXTS.dark }));
}

/** Opens the dialog titled `name` with `open`, checks its colours, and closes it. */
async function expectReadableDialog(page: Page, name: string, open: () => Promise<void>): Promise<void> {
  await open();
  const shown = page.getByRole("dialog").filter({ has: page.getByRole("heading", { name, exact: true }) });
  await visible(shown);
  await gone(page.locator("#dialog-frame"));
  await expectReadable(page, `${name} dialog`);
  await page.keyboard.press("Escape");
  await gone(shown);
}

const dark: BrowserContextOptions = { colorScheme: "dark" };

describe("dark mode", () => {
  it("with the system set to dark, every page is dark from its first frame: no flash of light", async () => {
    const { owner, groupId, shareToken, inviteToken } = await trip();
    const visitor = await e2e().newPage(dark);
    await expectDrawnIn(visitor, "/", "dark");
    await visible(visitor.getByRole("heading", { level: 1 }));
    const watcher = await e2e().newPage(dark);
    await expectDrawnIn(watcher, `/shared/${shareToken}`, "dark");
    const invited = await e2e().newPage(dark);
    await expectDrawnIn(invited, `/join/${inviteToken}`, "dark");
    const page = await e2e().signedInPage(owner, dark);
    await expectDrawnIn(page, "/", "dark");
    await visible(page.getByRole("heading", { level: 1, name: GROUP_TEXTS.dashboardTitle }));
    await expectDrawnIn(page, `/groups/${groupId}`, "dark");
    await expect.poll(() => page.locator(".caravan-marker").count()).toBe(2);
    // The map's sea is the dark one too.
    const sea = await page.locator(".caravan-map").evaluate((map) => getComputedStyle(map).backgroundColor);
    expect(luminance(sea)).toBeLessThan(0.05);
  });

  it("the user menu's Theme choice changes the colours at once and is kept across a reload", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Aiko", lastName: "Tanaka" });
    const page = await e2e().signedInPage(owner, { colorScheme: "light" });
    await expectDrawnIn(page, "/", "light");
    await openUserMenu(page);
    expect(await page.getByRole("menuitemradio", { name: COLOR_MODE_TEXTS.system }).getAttribute("aria-checked")).toBe(
      "true",
    );
    await page.getByRole("menuitemradio", { name: COLOR_MODE_TEXTS.dark }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).toContain("dark");
    await expect
      .poll(async () => luminance(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)))
      .toBeLessThan(0.05);
    expect(await page.evaluate((key) => localStorage.getItem(key), COLOR_MODE_STORAGE_KEY)).toBe("dark");

    await expectDrawnIn(page, "/", "dark");
    await openUserMenu(page);
    expect(await page.getByRole("menuitemradio", { name: COLOR_MODE_TEXTS.dark }).getAttribute("aria-checked")).toBe(
      "true",
    );
    // Back to the system's setting (light here): nothing kept.
    await page.getByRole("menuitemradio", { name: COLOR_MODE_TEXTS.system }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).toContain("light");
    expect(await page.evaluate((key) => localStorage.getItem(key), COLOR_MODE_STORAGE_KEY)).toBeNull();
    await expectDrawnIn(page, "/", "light");

    // Light chosen on a dark system: the pages without a user menu follow the choice too.
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).toContain("dark");
    await openUserMenu(page);
    await page.getByRole("menuitemradio", { name: COLOR_MODE_TEXTS.light }).click();
    await expect.poll(() => page.evaluate(() => document.documentElement.className)).toContain("light");
    await page.context().clearCookies();
    await expectDrawnIn(page, "/", "light");
    await visible(page.getByRole("button", { name: "Sign In", exact: true }));
  });

  for (const width of [320, 1280]) {
    const viewport = { width, height: width < 600 ? 640 : 800 };

    it(`a visitor's pages and the sign-in dialog read at 4.5:1 or more in dark mode, ${width} px wide`, async () => {
      const { shareToken } = await trip();
      const visitor = await e2e().newPage({ ...dark, viewport });
      await visitor.goto("/");
      await visible(visitor.getByRole("heading", { level: 1 }));
      await expectReadable(visitor, "landing");
      await expectReadableDialog(visitor, "Join Caravan", async () => {
        await visitor.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
      });
      await visitor.goto(`/shared/${shareToken}`);
      await visible(visitor.getByTestId("share-address"));
      await expectReadable(visitor, "shared trip");
    });

    it(`a member's pages, the user menu and the dialogs read at 4.5:1 or more in dark mode, ${width} px wide`, async () => {
      const { owner, groupId } = await trip();
      const page = await e2e().signedInPage(owner, { ...dark, viewport });
      await page.goto("/");
      await visible(page.getByRole("heading", { level: 1, name: GROUP_TEXTS.dashboardTitle }));
      await expectReadable(page, "dashboard");
      await openUserMenu(page);
      await expectReadable(page, "user menu");
      await page.keyboard.press("Escape");
      await expectReadableDialog(page, "User Profile", async () => {
        await openUserMenu(page);
        await page.getByRole("menuitem", { name: "Profile" }).click();
      });
      await expectReadableDialog(page, TRACKER_TEXTS.sectionTitle, async () => {
        await openUserMenu(page);
        await page.getByRole("menuitem", { name: TRACKER_TEXTS.sectionTitle }).click();
      });
      await expectReadableDialog(page, "Share Your Trip", async () => {
        await page.getByRole("button", { name: "Share Trip", exact: true }).click();
      });
      await expectReadableDialog(page, GROUP_TEXTS.createTitle, async () => {
        await page.getByRole("button", { name: GROUP_TEXTS.newGroup }).click();
      });

      await page.goto(`/groups/${groupId}`);
      await expect.poll(() => page.locator(".caravan-marker").count()).toBe(2);
      await expectReadable(page, "group page");
      await expectReadableDialog(page, LOCATION_TEXTS.dialogTitle, async () => {
        await page.getByRole("button", { name: LOCATION_TEXTS.updateButton, exact: true }).click();
      });
    });
  }
});
