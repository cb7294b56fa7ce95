import { AUTH_DIALOG_TEXTS, ERRORS, PRIVACY } from "@caravan/common";
import type { Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, horizontalOverflow, screenshot, useE2E } from "./harness";
import { expectDialogView, expectUrl, gone, visible } from "./ui";

const e2e = useE2E();

describe("landing page", () => {
  it("shows every text of the landing page", async () => {
    const page = await e2e().newPage();
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Travel Together, Stay Connected" }));
    expect(await page.title()).toBe("Caravan");

    const header = page.getByRole("banner");
    expect(await header.getByText("Caravan", { exact: true }).count()).toBe(1);
    expect(await header.getByRole("link", { name: "Features", exact: true }).getAttribute("href")).toBe("#features");
    expect(await header.getByRole("link", { name: "Safety", exact: true }).getAttribute("href")).toBe("#safety");
    await visible(header.getByRole("button", { name: "Sign In", exact: true }));

    await visible(page.getByRole("button", { name: "Start Coordinating" }));
    await visible(page.getByRole("button", { name: "Watch Demo" }));
    for (const claim of ["Free to start", "Privacy focused", "Mobile ready"]) {
      await visible(page.getByText(claim, { exact: true }));
    }
    await visible(page.getByText("3 members online", { exact: true }));

    const features = page.locator("#features");
    for (const title of [
      "Group Management",
      "Location Sharing",
      "Group Messaging & Status Updates",
      "Safety First",
      "Mobile-Optimized Design",
      "User Profiles",
    ]) {
      await visible(features.getByRole("heading", { level: 3, name: title, exact: true }));
    }

    const safety = page.locator("#safety");
    for (const text of [PRIVACY.trackingOff, PRIVACY.membersOnly, PRIVACY.noAds, PRIVACY.encrypted]) {
      await visible(safety.getByText(text, { exact: true }));
    }

    await visible(page.getByRole("heading", { name: "How Caravan works" }));
    const footer = page.getByRole("contentinfo");
    expect((await footer.innerText()).replace(/\s+/g, " ")).toContain("Place names: GeoNames, CC BY 4.0");

    await screenshot(page, "landing-desktop");
  });

  it("anchors in the top bar lead to the features and safety sections", async () => {
    const page = await e2e().newPage();
    await page.goto("/");
    await page.getByRole("banner").getByRole("link", { name: "Safety", exact: true }).click();
    await expectUrl(page, (u) => u.hash === "#safety");
    await expect.poll(() => page.locator("#safety").evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
    await page.getByRole("banner").getByRole("link", { name: "Features", exact: true }).click();
    await expectUrl(page, (u) => u.hash === "#features");
  });

  it("Watch Demo scrolls to the steps of how Caravan works", async () => {
    const page = await e2e().newPage();
    await page.goto("/");
    const section = page.locator("#how-it-works");
    expect(await section.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThan(600);
    await page.getByRole("button", { name: "Watch Demo" }).click();
    await expect
      .poll(() => section.evaluate((el) => Math.abs(el.getBoundingClientRect().top)), { timeout: 10_000 })
      .toBeLessThan(120);
    expect(await section.locator("li").count()).toBeGreaterThanOrEqual(3);
  });

  it("fits a 375 px phone without sideways scrolling", async () => {
    const page = await e2e().newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Travel Together, Stay Connected" }));
    expect(await horizontalOverflow(page)).toBe(0);
    await visible(page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }));
    await screenshot(page, "landing-phone");
  });

  it("Start Coordinating and Sign In both open the authentication dialog", async () => {
    const page = await e2e().newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Start Coordinating" }).click();
    await expectDialogView(page, "Join Caravan");
    await page.keyboard.press("Escape");
    await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
    await expectDialogView(page, "Join Caravan");
  });

  it("Create Your Group opens the dialog on Create Account, and the page works on as the app afterwards", async () => {
    const page = await e2e().newPage();
    await page.goto("/");
    // Nothing but the landing page's own script has run yet: this tap brings the app.
    expect(await page.evaluate(() => document.querySelectorAll("script[src*='/assets/index-']").length)).toBe(0);
    await page.getByRole("button", { name: "Create Your Group" }).click();
    await expectDialogView(page, "Create Account");
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    // The app now answers the same buttons.
    await page.getByRole("button", { name: "Create Your Group" }).click();
    await expectDialogView(page, "Create Account");
    await page.keyboard.press("Escape");
    await page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true }).click();
    await expectDialogView(page, "Join Caravan");
  });

  it("a tap is answered at once by the dialog's frame while the app's code is still on its way", async () => {
    const page = await e2e().newPage();
    // Every script but the landing page's own waits until the test lets it through: the app cannot load.
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/assets\/.+\.js$/, (route) => {
      const file = new URL(route.request().url()).pathname;
      if (!holding || /\/assets\/(landing-boot|boot)-/.test(file)) return route.continue();
      held.push(route);
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Create Your Group" }).click();
    const frame = page.getByRole("dialog", { name: "Create Account" });
    await visible(frame);
    expect(await frame.getAttribute("aria-busy")).toBe("true");
    await expect.poll(() => frame.getByRole("status").innerText()).toBe(AUTH_DIALOG_TEXTS.loading);
    await screenshot(page, "landing-tap-frame", false);
    // The app arrives: its dialog replaces the frame, on the view the button named.
    holding = false;
    await Promise.all(held.map((route) => route.continue()));
    await visible(page.getByRole("textbox", { name: "First Name" }));
    await expectDialogView(page, "Create Account");
    await gone(page.locator("#dialog-frame"));
    expect(await page.getByRole("dialog").count()).toBe(1);
  });

  it("?signin=1 opens the dialog on the Sign In view", async () => {
    const page = await e2e().newPage();
    await page.goto("/?signin=1");
    await expectDialogView(page, "Sign In");
    await visible(page.getByRole("dialog").getByLabel("Email", { exact: true }));
  });

  it("says so when a sign-in provider is not set up on this server", async () => {
    const page = await e2e().newPage();
    await page.goto("/api/auth/google");
    await expectUrl(page, (u) => u.pathname === "/" && u.searchParams.get("authError") === "not_configured");
    const alert = await visible(page.getByTestId("auth-error"));
    expect((await alert.innerText()).trim()).toBe(ERRORS.oauthNotConfigured("Google"));
    await screenshot(page, "landing-provider-not-configured", false);
  });

  it("explains a failed or unverified provider sign-in", async () => {
    const page = await e2e().newPage();
    await page.goto("/?authError=failed&provider=microsoft");
    expect((await (await visible(page.getByTestId("auth-error"))).innerText()).trim()).toBe(
      ERRORS.oauthFailed("Microsoft"),
    );
    await page.goto("/?authError=unverified&provider=yahoo");
    expect((await (await visible(page.getByTestId("auth-error"))).innerText()).trim()).toBe(
      ERRORS.oauthEmailUnverified("Yahoo"),
    );
  });
});

describe("unknown routes", () => {
  it("show the 404 page with a way home", async () => {
    const page = await e2e().newPage();
    await page.goto("/no/such/place");
    await visible(page.getByRole("heading", { level: 1, name: "404 Page Not Found" }));
    await expect.poll(() => page.title()).toBe("404 Page Not Found");
    await screenshot(page, "not-found-desktop");

    await page.getByRole("link", { name: "Back to Home" }).click();
    await expectUrl(page, (u) => u.pathname === "/");
    await visible(page.getByRole("heading", { level: 1, name: "Travel Together, Stay Connected" }));
    await expect.poll(() => page.title()).toBe("Caravan");
  });

  it("fits a phone", async () => {
    const page = await e2e().newPage({ viewport: PHONE, isMobile: true });
    await page.goto("/groups-of-nothing");
    await visible(page.getByRole("heading", { level: 1, name: "404 Page Not Found" }));
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, "not-found-phone");
  });
});
