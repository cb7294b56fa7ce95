import { setTimeout as sleep } from "node:timers/promises";
import { SHARE_TEXTS, SHARED_TRIP_COORD_DECIMALS, formatCoordinates } from "@caravan/common";
import type { Locator, Page, Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, horizontalOverflow, screenshot, signUpViaApi, useE2E } from "./harness";
import { clippedTexts, layoutShift, recordLayoutShift } from "./layout";
import { gone, toast, visible } from "./ui";
import { SharedTrip, SharedTripLocation } from "../backend/src/db/entities/index.js";

const e2e = useE2E();

const PARIS = { latitude: 48.8566, longitude: 2.3522 };
/** About 110 m north-east: well over the 10 m threshold, well inside the map's view at zoom 15. */
const PARIS_MOVED = { latitude: 48.8573, longitude: 2.3532 };

/** What the page shows beneath the place name of a position: its coordinates to 6 decimals. */
const shownCoordinates = (p: { latitude: number; longitude: number }) =>
  formatCoordinates(p.latitude, p.longitude, SHARED_TRIP_COORD_DECIMALS);

/** A position sent without an address is named after the town it is in, like group locations, with its point. */
async function expectNamedAddress(page: Page, p: { latitude: number; longitude: number }): Promise<void> {
  await visible(page.getByTestId("share-address").getByText(/^near Paris, .*France$/));
  await visible(page.getByTestId("share-address-below").getByText(shownCoordinates(p), { exact: true }));
}

async function markerBox(page: Page) {
  const marker = page.getByTestId("map").locator(".caravan-marker");
  await visible(marker);
  return marker.boundingBox();
}

/**
 * From now on, the page's reads of `path` get no answer: whatever the page learns afterwards came over its socket.
 * (Held rather than failed, so the page logs no error.)
 */
async function holdReads(page: Page, path: string): Promise<() => Promise<void>> {
  const url = (u: URL) => u.pathname === path;
  const handler = (route: Route) => (route.request().method() === "GET" ? undefined : route.continue());
  await page.route(url, handler);
  return () => page.unroute(url, handler);
}

async function openShareDialog(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Share Trip", exact: true }).click();
  const d = page.getByTestId("share-trip-dialog");
  await visible(d.getByRole("heading", { name: "Share Your Trip" }));
  return d;
}

describe("shared trips", () => {
  it("a sharer shares live; an anonymous watcher follows, signs in to chat, and sees the end without a reload", async () => {
    const sharer = await signUpViaApi(e2e(), { firstName: "Maya", lastName: "Ramos" });
    const page = await e2e().signedInPage(sharer, {
      permissions: ["geolocation", "clipboard-read", "clipboard-write"],
      geolocation: PARIS,
    });
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    expect(await page.getByTestId("active-shared-trips").count()).toBe(0);

    // The dialog: hint, default, clamping, then creation.
    let d = await openShareDialog(page);
    await visible(d.getByText("(max 72 hours)", { exact: true }));
    const duration = d.locator('input[name="durationHours"]');
    expect(await duration.inputValue()).toBe("2");
    await duration.fill("100");
    expect(await duration.inputValue()).toBe("72");
    await duration.fill("abc");
    expect(await duration.inputValue()).toBe("1");
    await duration.fill("0");
    expect(await duration.inputValue()).toBe("1");
    await duration.fill("3");
    await screenshot(page, "shared-trips-dialog-desktop", false);
    await d.getByRole("button", { name: "Create Share Link" }).click();
    expect(await toast(page, SHARE_TEXTS.createdTitle)).toContain("Your location will be shared for 3 hours.");
    const link = await d.getByTestId("share-link").inputValue();
    const token = new URL(link).pathname.split("/").pop()!;
    expect(link).toBe(`${e2e().baseUrl}/shared/${token}`);
    await screenshot(page, "shared-trips-dialog-created-desktop", false);
    await d.getByRole("button", { name: "Copy Link" }).click();
    expect(await toast(page, SHARE_TEXTS.copiedTitle)).toContain(SHARE_TEXTS.copiedText);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await d.getByRole("button", { name: "Done" }).click();
    await gone(d);
    // Closing reset the dialog to its first step and 2 hours.
    d = await openShareDialog(page);
    expect(await d.locator('input[name="durationHours"]').inputValue()).toBe("2");
    await d.getByRole("button", { name: "Close" }).click();
    await gone(d);

    // The dashboard section: one card for the live share.
    const section = page.getByTestId("active-shared-trips");
    await visible(section.getByRole("heading", { name: "Active Shared Trips" }));
    const card = section.getByTestId("shared-trip-card");
    expect(await card.count()).toBe(1);
    await visible(card.getByText("Duration: 3 hours", { exact: true }));
    expect(await card.getByText(/^(2h 59m|3h 0m) remaining$/).count()).toBe(1);
    expect(await card.getByRole("link", { name: "Open shared trip in a new tab" }).getAttribute("href")).toBe(link);

    const firstPost = page.waitForResponse(
      (r) => r.url().endsWith(`/api/shared-trips/${token}/locations`) && r.request().method() === "POST",
    );
    await section.getByRole("button", { name: "Start Sharing" }).click();
    // The big toggle only pauses this device's GPS; ending a link is each card's own, confirmed action.
    await visible(section.getByRole("button", { name: SHARE_TEXTS.pauseGps }));
    await visible(section.getByTestId("tracking-note"));
    expect((await firstPost).status()).toBe(201);
    await screenshot(page, "shared-trips-dashboard-desktop", false);

    // An anonymous watcher, in a browser of their own.
    const watcher = await e2e().newPage();
    await watcher.goto(`/shared/${token}`);
    await visible(watcher.getByRole("heading", { level: 1, name: "Maya Ramos's Location" }));
    expect((await watcher.getByTestId("share-status").innerText()).trim()).toBe("Live");
    await visible(watcher.getByTestId("share-countdown").getByText(/remaining$/));
    await expectNamedAddress(watcher, PARIS);
    expect(await watcher.getByTestId("map").getAttribute("data-markers")).toBe("1");
    const before = await markerBox(watcher);
    await visible(watcher.getByTestId("share-privacy").getByText(SHARE_TEXTS.privacy(24), { exact: true }));
    expect(await watcher.getByTestId("safety-information").getByRole("listitem").count()).toBe(4);

    // The sharer moves: the watcher's marker follows, pushed over the socket.
    const releaseLocations = await holdReads(watcher, `/api/shared-trips/${token}/locations`);
    const moved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/shared-trips/${token}/locations`) && r.request().method() === "POST",
    );
    await page.context().setGeolocation(PARIS_MOVED);
    expect((await moved).status()).toBe(201);
    await expectNamedAddress(watcher, PARIS_MOVED);
    await expect
      .poll(async () => {
        const after = await markerBox(watcher);
        return Math.hypot(after!.x - before!.x, after!.y - before!.y);
      })
      .toBeGreaterThan(10);
    await releaseLocations();
    await screenshot(watcher, "shared-trips-page-desktop");

    // Following needs no account, chatting needs one: the watcher types, is asked to sign in over this very page,
    // creates an account, signs in, and is back here with the message still in the box.
    const chat = watcher.getByTestId("share-chat");
    const prompt = chat.getByTestId("chat-signin");
    await visible(prompt.getByText(SHARE_TEXTS.loginToChat, { exact: true }));
    await visible(prompt.getByText(SHARE_TEXTS.chatNeedsAccount, { exact: true }));
    await chat.getByLabel("Message", { exact: true }).fill("On my way to meet you");
    await chat.getByRole("button", { name: "Send message" }).click();
    const auth = watcher.getByTestId("auth-dialog");
    await visible(auth.getByRole("button", { name: "Create New Account" }));
    expect(new URL(watcher.url()).pathname).toBe(`/shared/${token}`);
    await screenshot(watcher, "shared-trips-signin-dialog-desktop", false);
    await auth.getByRole("button", { name: "Create New Account" }).click();
    const email = `jon-${Date.now()}@example.com`;
    await auth.getByLabel("First Name", { exact: true }).fill("Jon");
    await auth.getByLabel("Last Name", { exact: true }).fill("Ito");
    await auth.getByLabel("Email", { exact: true }).fill(email);
    await auth.getByLabel("Password", { exact: true }).fill("Watcher2031");
    await auth.getByLabel("Confirm Password", { exact: true }).fill("Watcher2031");
    await auth.getByRole("button", { name: "Create Account", exact: true }).click();
    await visible(auth.getByRole("heading", { name: "Sign In" }));
    await auth.getByLabel("Password", { exact: true }).fill("Watcher2031");
    await auth.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect.poll(() => chat.getByTestId("chat-signin").count()).toBe(0);
    expect(new URL(watcher.url()).pathname).toBe(`/shared/${token}`);
    await expect.poll(() => chat.getByLabel("Message", { exact: true }).inputValue()).toBe("On my way to meet you");
    await screenshot(watcher, "shared-trips-page-signed-in-desktop");
    await chat.getByRole("button", { name: "Send message" }).click();
    const sent = chat.getByTestId("chat-message").filter({ hasText: "On my way to meet you" });
    await visible(sent);
    expect(await sent.getByText("You", { exact: true }).count()).toBe(1);
    // The message shows as the post is answered, a moment before the field is emptied.
    await expect.poll(() => chat.getByLabel("Message", { exact: true }).inputValue()).toBe("");

    // The sharer is told: a bell notice, and the share's card counts it with the message's first words.
    const bell = page.getByTestId("notification-bell");
    await expect.poll(() => bell.getAttribute("data-unread")).toBe("1");
    const lastMessage = card.getByTestId("share-last-message");
    await visible(lastMessage.getByText("Jon: On my way to meet you", { exact: true }));
    await visible(lastMessage.getByText(SHARE_TEXTS.unreadMessages(1), { exact: true }));
    await bell.click();
    const notice = page.getByTestId("notification-item").first();
    await visible(notice.getByText("Jon wrote on your shared trip", { exact: true }));
    await screenshot(page, "shared-trips-sharer-bell-desktop", false);
    await page.keyboard.press("Escape");

    // The sharer sees the message on the shared page too, by name and never by e-mail.
    const own = await page.context().newPage();
    await own.goto(`/shared/${token}`);
    const incoming = own.getByTestId("chat-message").filter({ hasText: "On my way to meet you" });
    await visible(incoming.getByText("Jon Ito", { exact: true }));
    expect(await own.getByTestId("share-chat").innerText()).not.toContain(email);
    await own.close();

    // The sharer stops: the section goes, tracking stops by itself, and the watcher's page ends in place, told
    // over the socket.
    await holdReads(watcher, `/api/shared-trips/${token}`);
    await holdReads(watcher, `/api/shared-trips/${token}/locations`);
    await card.getByRole("button", { name: SHARE_TEXTS.stopShare }).click();
    const confirm = page.getByRole("alertdialog");
    await visible(confirm.getByText(SHARE_TEXTS.stopConfirmText, { exact: true }));
    await screenshot(page, "shared-trips-stop-confirm", false);
    await confirm.getByRole("button", { name: SHARE_TEXTS.stopShare }).click();
    expect(await toast(page, SHARE_TEXTS.stoppedTitle)).toContain(SHARE_TEXTS.stoppedText);
    await gone(section);
    await visible(watcher.getByTestId("share-ended").getByText(SHARE_TEXTS.endedStopped("Maya Ramos")));
    // Stopped by hand, not run out.
    expect((await watcher.getByTestId("share-status").innerText()).trim()).toBe(SHARE_TEXTS.stopped);
    expect((await watcher.getByTestId("share-countdown").innerText()).trim()).toBe(SHARE_TEXTS.stopped);
    expect(await watcher.getByTestId("current-location").count()).toBe(0);
    await visible(watcher.getByTestId("chat-closed"));
    expect(await chat.getByLabel("Message", { exact: true }).count()).toBe(0);
    await visible(sent);
    await screenshot(watcher, "shared-trips-page-ended-desktop");
  });

  it("fits a phone screen: dialog, dashboard section and shared page", async () => {
    const sharer = await signUpViaApi(e2e(), { firstName: "Lena", lastName: "Okafor" });
    const page = await e2e().signedInPage(sharer, {
      viewport: PHONE,
      permissions: ["geolocation"],
      geolocation: PARIS,
    });
    await page.goto("/");
    const d = await openShareDialog(page);
    await screenshot(page, "shared-trips-dialog-phone", false);
    await d.getByRole("button", { name: "Create Share Link" }).click();
    expect(await toast(page, SHARE_TEXTS.createdTitle)).toContain("Your location will be shared for 2 hours.");
    const token = new URL(await d.getByTestId("share-link").inputValue()).pathname.split("/").pop()!;
    await screenshot(page, "shared-trips-dialog-created-phone", false);
    await d.getByRole("button", { name: "Done" }).click();
    await gone(d);

    const section = page.getByTestId("active-shared-trips");
    await section.getByRole("button", { name: "Start Sharing" }).click();
    await visible(section.getByTestId("tracking-note"));
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, "shared-trips-dashboard-phone", false);
    expect(await horizontalOverflow(page)).toBe(0);
    // On the narrowest phones the card's state is read whole: the time left goes beneath it rather than cutting it.
    await page.setViewportSize({ width: 320, height: PHONE.height });
    await visible(section.getByTestId("share-card-state").getByText("Sharing live", { exact: true }));
    expect(await clippedTexts(page, "[data-testid=share-card-state]")).toEqual([]);
    await screenshot(page, "shared-trips-dashboard-320", false);

    const watcher = await e2e().newPage({ viewport: PHONE });
    await watcher.goto(`/shared/${token}`);
    await expectNamedAddress(watcher, PARIS);
    await screenshot(watcher, "shared-trips-page-phone");
    expect(await horizontalOverflow(watcher)).toBe(0);
  });

  it("a watcher's phone opens the page at its top, with the chat scrolled to the newest message", async () => {
    const sharer = await signUpViaApi(e2e(), { firstName: "Lena", lastName: "Okafor" });
    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: sharer.email, password: sharer.password });
    const share = await client.post("/api/shared-trips", { durationHours: 2 });
    const token = share.body.shareToken as string;
    await client.post(`/api/shared-trips/${token}/locations`, { latitude: PARIS.latitude, longitude: PARIS.longitude });
    for (let i = 1; i <= 8; i++) {
      expect((await client.post(`/api/shared-trips/${token}/messages`, { content: `Update ${i}` })).status).toBe(201);
    }
    const watcher = await e2e().newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await watcher.goto(`/shared/${token}`);
    const log = watcher.getByRole("log", { name: "Chat messages" });
    await visible(log.getByText("Update 8", { exact: true }));
    // The list holds more than it shows, and shows its end once the app has taken the server's drawing over (the
    // drawing cannot scroll it); the page itself has not moved.
    const box = () => log.evaluate((el) => ({ top: el.scrollTop, height: el.clientHeight, full: el.scrollHeight }));
    const hiddenBelow = async () => {
      const { top, height, full } = await box();
      return full - top - height;
    };
    await expect.poll(hiddenBelow).toBeLessThanOrEqual(1);
    const { height, full } = await box();
    expect(full).toBeGreaterThan(height);
    expect(await watcher.evaluate(() => window.scrollY)).toBe(0);
  });

  it("names the nearest town at the map's edge, toward it, when the street zoom shows none", async () => {
    const sharer = await signUpViaApi(e2e(), { firstName: "Ida", lastName: "Pfeiffer" });
    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: sharer.email, password: sharer.password });
    const token = (await client.post("/api/shared-trips", { durationHours: 2 })).body.shareToken as string;
    // By the Louvre: about 1.1 km north-west of the point the gazetteer gives Paris, and no town's point within the
    // map's view at the share's zoom.
    const LOUVRE = { latitude: 48.8606, longitude: 2.3376 };
    await client.post(`/api/shared-trips/${token}/locations`, LOUVRE);
    for (const [viewport, name] of [
      [{ width: 1280, height: 800 }, "desktop"],
      [PHONE, "phone"],
      [{ width: 320, height: 640 }, "320"],
    ] as const) {
      const phone = viewport.width < 1024;
      const watcher = await e2e().newPage({ viewport, isMobile: phone, hasTouch: phone });
      await watcher.goto(`/shared/${token}`);
      const map = watcher.getByTestId("map");
      await map.scrollIntoViewIfNeeded();
      const pointer = map.locator(".caravan-place--pointer");
      await visible(pointer);
      expect(await map.locator(".leaflet-container").getAttribute("data-places")).toBe("0");
      expect(await pointer.innerText()).toMatch(/^→\s*Paris\s*1\.\d km$/);
      // It points down and to the right, toward Paris' point, from inside the map, and covers neither the marker
      // nor the map's controls (zoom buttons, credits).
      const geometry = await map.evaluate((el) => {
        const box = (e: Element) => e.getBoundingClientRect();
        const overlap = (a: DOMRect, b: DOMRect) =>
          a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        const label = box(el.querySelector(".caravan-place--pointer")!);
        const mapBox = box(el.querySelector(".leaflet-container")!);
        const covered = [...el.querySelectorAll(".caravan-marker, .leaflet-control")].filter((e) =>
          overlap(label, box(e)),
        );
        const turn = new DOMMatrix(getComputedStyle(el.querySelector(".caravan-place__arrow")!).transform);
        return {
          inside:
            label.left >= mapBox.left &&
            label.right <= mapBox.right &&
            label.top >= mapBox.top &&
            label.bottom <= mapBox.bottom,
          covered: covered.map((e) => e.className),
          // The arrow's direction on screen, in degrees clockwise from pointing right.
          degrees: (Math.atan2(turn.b, turn.a) * 180) / Math.PI,
        };
      });
      expect(geometry).toMatchObject({ inside: true, covered: [] });
      expect(geometry.degrees).toBeGreaterThan(0);
      expect(geometry.degrees).toBeLessThan(90);
      await screenshot(watcher, `shared-trip-map-pointer-${name}`, false);
      await watcher.close();
    }
  });

  it("moves nothing on a watcher's phone when the position comes after the page", async () => {
    const sharer = await signUpViaApi(e2e(), { firstName: "Freya", lastName: "Stark" });
    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: sharer.email, password: sharer.password });
    const token = (await client.post("/api/shared-trips", { durationHours: 2 })).body.shareToken as string;
    await client.post(`/api/shared-trips/${token}/locations`, { latitude: PARIS.latitude, longitude: PARIS.longitude });

    const watcher = await e2e().newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await watcher.route(`**/api/shared-trips/${token}/locations`, async (route) => {
      await sleep(1500);
      await route.continue();
    });
    await recordLayoutShift(watcher);
    // Drawn by the app rather than the server (as when the service worker serves the app's page on a later visit):
    // the app is started on another page, then goes to the share, and reads it.
    await watcher.goto("/no-such-page");
    await visible(watcher.getByRole("link", { name: "Back to Home" }));
    await watcher.evaluate((path) => {
      history.pushState(null, "", path);
      dispatchEvent(new PopStateEvent("popstate"));
    }, `/shared/${token}`);
    await visible(watcher.getByTestId("share-location-loading"));
    await screenshot(watcher, "shared-trip-position-loading-phone", false);
    await expectNamedAddress(watcher, PARIS);
    // The chat beneath the position moved down by the position's details when it came: 0.07 on this phone.
    expect(await layoutShift(watcher)).toBeLessThan(0.01);
  });

  it("reaches a watcher's phone drawn by the server: readable before the app runs, kept on screen as the app takes over", async () => {
    const sharer = await signUpViaApi(e2e(), { firstName: "Nellie", lastName: "Bly" });
    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: sharer.email, password: sharer.password });
    const trip = (await client.post("/api/shared-trips", { durationHours: 2 })).body as {
      id: number;
      shareToken: string;
    };
    const token = trip.shareToken;
    await client.post(`/api/shared-trips/${token}/locations`, {
      latitude: PARIS.latitude,
      longitude: PARIS.longitude,
      notes: "Under the clock at the station",
    });
    await client.post(`/api/shared-trips/${token}/messages`, { content: "Train is on time" });

    // With no script at all, the page is there: who, where, the notes and the chat.
    const bare = await e2e().newPage({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false });
    await bare.goto(`/shared/${token}`);
    expect(await bare.title()).toBe("Nellie Bly's Location · Caravan");
    await visible(bare.getByRole("heading", { name: "Nellie Bly's Location" }));
    await expectNamedAddress(bare, PARIS);
    await visible(bare.getByText("Under the clock at the station", { exact: true }));
    await visible(bare.getByText("Train is on time", { exact: true }));
    await screenshot(bare, "shared-trip-drawn-by-server-phone", false);

    // With the app: the drawn page never leaves the screen while the app loads, and nothing moves when it takes over.
    const watcher = await e2e().newPage({ viewport: PHONE, isMobile: true, hasTouch: true });
    await watcher.addInitScript(() => {
      const w = window as unknown as { headingSeen: boolean; headingLost: number };
      w.headingSeen = false;
      w.headingLost = 0;
      new MutationObserver(() => {
        const shown = document.querySelector("#root h1") !== null;
        if (shown) w.headingSeen = true;
        else if (w.headingSeen) w.headingLost += 1;
      }).observe(document, { subtree: true, childList: true });
    });
    await recordLayoutShift(watcher);
    await watcher.goto(`/shared/${token}`);
    // The map is the app's: once it shows, the app has drawn the page.
    await visible(watcher.getByTestId("map").locator(".caravan-marker"));
    await expectNamedAddress(watcher, PARIS);
    expect(await watcher.evaluate(() => (window as unknown as { headingLost: number }).headingLost)).toBe(0);
    expect(await layoutShift(watcher)).toBeLessThan(0.01);
    // The server's drawing counted nobody; the app's own read of the share counted this browser.
    await expect
      .poll(
        async () =>
          ((await client.get("/api/shared-trips")).body as Array<{ id: number; views: number }>).find(
            (t) => t.id === trip.id,
          )?.views,
      )
      .toBe(1);
  });

  it("stops sharing when the browser refuses location, with the product's text", async () => {
    const sharer = await signUpViaApi(e2e());
    const page = await e2e().signedInPage(sharer);
    const res = await page.request.post("/api/shared-trips", { data: { durationHours: 1 } });
    expect(res.status()).toBe(201);
    await page.goto("/");
    const section = page.getByTestId("active-shared-trips");
    await visible(section.getByText("Duration: 1 hour", { exact: true }));
    await section.getByRole("button", { name: "Start Sharing" }).click();
    expect(await toast(page, SHARE_TEXTS.trackingErrorTitle)).toContain(SHARE_TEXTS.permissionDenied);
    await visible(section.getByRole("button", { name: "Start Sharing" }));
  });

  it("the watcher's badge says Live only while positions arrive: waiting, live, then how old the last one is", async () => {
    const sharer = await signUpViaApi(e2e(), { firstName: "Noor", lastName: "Haddad" });
    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: sharer.email, password: sharer.password });
    const created = await client.post("/api/shared-trips", { durationHours: 2 });
    const token = created.body.shareToken as string;
    const watcher = await e2e().newPage();
    await watcher.goto(`/shared/${token}`);
    const status = watcher.getByTestId("share-status");
    await visible(status.getByText(SHARE_TEXTS.waitingFirst, { exact: true }));
    expect(await status.getAttribute("data-state")).toBe("waiting");

    // The first position arrives over the socket: now it is live.
    await client.post(`/api/shared-trips/${token}/locations`, PARIS);
    await visible(status.getByText(SHARE_TEXTS.live, { exact: true }));

    // The newest position is 11 minutes old (the sharer's phone went quiet): no "Live", but its age.
    const locations = e2e().app.db.getRepository(SharedTripLocation);
    const trip = await e2e().app.db.getRepository(SharedTrip).findOneByOrFail({ shareToken: token });
    await locations.update({ sharedTripId: trip.id }, { createdAt: new Date(Date.now() - 11 * 60_000) });
    for (const [width, name] of [
      [1280, "desktop"],
      [360, "360"],
      [320, "320"],
    ] as const) {
      await watcher.setViewportSize({ width, height: 800 });
      await watcher.reload();
      await visible(status.getByText(SHARE_TEXTS.lastLocationAgo("11 min ago"), { exact: true }));
      expect(await status.getAttribute("data-state")).toBe("stale");
      await visible(watcher.getByTestId("chat-signin"));
      await screenshot(watcher, `shared-trips-stale-signed-out-${name}`);
      expect(await horizontalOverflow(watcher)).toBe(0);
    }
    const account = await signUpViaApi(e2e(), { firstName: "Omar", lastName: "Haddad" });
    await watcher.context().request.post("/api/auth/signin", {
      data: { email: account.email, password: account.password },
    });
    for (const width of [1280, 360, 320]) {
      await watcher.setViewportSize({ width, height: 800 });
      await watcher.reload();
      await visible(watcher.getByTestId("share-chat").getByRole("button", { name: "Send message" }));
      // A signed-out watcher has the Send button too: the sign-in prompt leaves once the page knows who is signed in.
      await expect.poll(() => watcher.getByTestId("chat-signin").count()).toBe(0);
      await screenshot(watcher, `shared-trips-stale-signed-in-${width}`);
      expect(await horizontalOverflow(watcher)).toBe(0);
    }
  });

  it("a share that ran out says Expired, not Stopped", async () => {
    const sharer = await signUpViaApi(e2e(), { firstName: "Ada", lastName: "Quist" });
    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: sharer.email, password: sharer.password });
    const token = (await client.post("/api/shared-trips", { durationHours: 1 })).body.shareToken as string;
    await e2e()
      .app.db.getRepository(SharedTrip)
      .update({ shareToken: token }, { expiresAt: new Date(Date.now() - 60_000) });
    const watcher = await e2e().newPage();
    await watcher.goto(`/shared/${token}`);
    await visible(watcher.getByTestId("share-ended").getByText(SHARE_TEXTS.endedExpired("Ada Quist")));
    expect((await watcher.getByTestId("share-status").innerText()).trim()).toBe(SHARE_TEXTS.expired);
  });

  it("an unknown link shows Trip Not Found", async () => {
    const page = await e2e().newPage();
    await page.goto(`/shared/${"x".repeat(43)}`);
    await visible(page.getByText(SHARE_TEXTS.notFound, { exact: true }));
    await screenshot(page, "shared-trips-not-found-desktop", false);
  });
});
