/** Small waiting helpers for playwright-core (which has no auto-waiting `expect` of its own), and axe's audits. */
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * How long a screen may take to reach the state a test waits for. Generous, because the suite shares two cores with
 * the app, PostgreSQL and Chromium: a wait is for a state, never a measure of speed (timings live in bench/).
 */
const TIMEOUT = 20_000;

export async function visible(locator: Locator): Promise<Locator> {
  await locator.waitFor({ state: "visible", timeout: TIMEOUT });
  return locator;
}

export async function gone(locator: Locator): Promise<void> {
  await locator.waitFor({ state: "hidden", timeout: TIMEOUT });
}

/** The toast on screen (one at a time), once it shows `title`. */
export async function toast(page: Page, title: string): Promise<string> {
  const t = page.getByTestId("toast").filter({ hasText: title });
  await visible(t);
  return (await t.innerText()).trim();
}

/**
 * Once the screen's finite animations (a dialog opening, a menu sliding in) are over: what is measured or audited
 * then is the screen at rest. Infinite ones (a spinner, a pulsing dot) never end and are not waited for.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: TIMEOUT },
  );
}

export function dialog(page: Page): Locator {
  return page.getByRole("dialog");
}

export async function dialogTitle(page: Page): Promise<string> {
  const heading = dialog(page).locator("h2").first();
  await visible(heading);
  return (await heading.innerText()).trim();
}

/** Waits until the dialog shows the view titled `title` (view switches are client-side). */
export async function expectDialogView(page: Page, title: string): Promise<void> {
  await expect.poll(() => dialogTitle(page), { timeout: TIMEOUT }).toBe(title);
}

export async function expectUrl(page: Page, predicate: (url: URL) => boolean): Promise<void> {
  await expect.poll(() => predicate(new URL(page.url())), { timeout: TIMEOUT }).toBe(true);
}

/** Asserts that `message` is shown directly beneath the field labelled `label` inside `scope`. */
export async function expectErrorBeneath(scope: Locator, label: string, message: string): Promise<void> {
  const input = scope.getByLabel(label, { exact: true });
  const error = scope.locator("[data-field-error]").filter({ hasText: message });
  await visible(error);
  expect((await error.innerText()).trim()).toBe(message);
  const [inputBox, errorBox] = await Promise.all([input.boundingBox(), error.boundingBox()]);
  expect(inputBox && errorBox).toBeTruthy();
  // Beneath: starts below the input's bottom edge, overlapping it horizontally.
  expect(errorBox!.y).toBeGreaterThanOrEqual(inputBox!.y + inputBox!.height - 1);
  expect(errorBox!.y - (inputBox!.y + inputBox!.height)).toBeLessThan(24);
  expect(errorBox!.x).toBeLessThan(inputBox!.x + inputBox!.width);
}

/**
 * Holds back the answers to a page's requests to `url` (a glob), as a phone's slow connection would, while the
 * requests themselves reach the server at once. `release` lets them through and waits for the page to have them.
 */
export async function holdAnswers(page: Page, url: string): Promise<{ release(): Promise<void> }> {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  await page.route(url, async (route) => {
    const response = await route.fetch();
    await opened;
    await route.fulfill({ response });
  });
  return {
    async release() {
      const answered = page.waitForResponse(url);
      open();
      await answered;
    },
  };
}

const AXE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * What axe (the engine of Lighthouse's accessibility audits) finds against `rules` inside `selector`, one line per
 * element. Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern.
 */
export async function axeViolations(page: Page, selector: string, rules: string[]): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(
    async ([sel, values]) => {
      interface AxeResults {
        violations: { id: string; nodes: { html: string; failureSummary?: string }[] }[];
      }
      const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<AxeResults> } }).axe;
      const results = await axe.run(sel, { runOnly: { type: "rule", values } });
      return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.html} ${n.failureSummary ?? ""}`));
    },
    [selector, rules] as const,
  );
}

/**
 * Resolves once the page's live connection has answered a subscription (Socket.IO's ack frame `43<n>[{"ok":true}]`).
 * Call before the page opens its socket.
 */
export function subscriptionAnswered(page: Page): Promise<void> {
  return new Promise((resolve) =>
    page.on("websocket", (ws) =>
      ws.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && /^43\d*\[\{"ok":true\}\]$/.test(payload)) resolve();
      }),
    ),
  );
}
