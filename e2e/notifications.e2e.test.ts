import { NOTIFICATION_TEXTS, LOCATION_TEXTS } from "@caravan/common";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE, horizontalOverflow, screenshot, shot, signUpViaApi, useE2E, type TestUser } from "./harness.js";
import { expectUrl, gone, visible } from "./ui.js";

// The full browser: the headless shell has no working Web Notifications API (it answers `denied` whatever is granted).
const e2e = useE2E({}, "full");

const ANNECY = { name: "Annecy", latitude: 45.8992, longitude: 6.1294 };
/** About 20 km north of Annecy: well outside any arrival radius. */
const ON_THE_ROAD = { latitude: 46.08, longitude: 6.13 };
/** About 100 m from the destination: inside the default 300 m radius. */
const AT_THE_LAKE = { latitude: 45.8999, longitude: 6.1301 };

async function signedInClient(user: TestUser) {
  const client = e2e().app.client();
  await client.post("/api/auth/signin", { email: user.email, password: user.password });
  return client;
}

/** "Lake trip" to Annecy, owned by `owner`, which `member` joined through a link (so the owner hears of it). */
async function lakeTrip(owner: TestUser, member: TestUser): Promise<number> {
  const ownerClient = await signedInClient(owner);
  const created = await ownerClient.post("/api/groups", {
    name: "Lake trip",
    status: "planning",
    destinationName: ANNECY.name,
    destinationLatitude: ANNECY.latitude,
    destinationLongitude: ANNECY.longitude,
  });
  if (created.status !== 201) throw new Error(`group creation failed: ${created.status}`);
  const link = await ownerClient.post(`/api/groups/${created.body.id}/invites/link`, {});
  const accepted = await (await signedInClient(member)).post(`/api/invites/${link.body.inviteToken}/accept`);
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status}`);
  return created.body.id as number;
}

const bell = (page: Page) => page.getByTestId("notification-bell");
const items = (page: Page) => page.getByTestId("notification-item");

describe("notifications", () => {
  it(
    "a member drives to the destination; the other's bell lights up and lists the arrival without a reload",
    { timeout: 150_000 },
    async () => {
      const owner = await signUpViaApi(e2e(), { firstName: "Ola", lastName: "Nordmann" });
      const mia = await signUpViaApi(e2e(), { firstName: "Mia", lastName: "Berg" });
      const groupId = await lakeTrip(owner, mia);

      // The owner reads what is there and marks it all read: the dot goes.
      const watcher = await e2e().signedInPage(owner);
      await watcher.goto("/");
      await visible(watcher.getByTestId("notification-dot"));
      await bell(watcher).click();
      await visible(items(watcher).filter({ hasText: "Mia joined Lake trip" }));
      await watcher.getByTestId("mark-all-read").click();
      await gone(watcher.getByTestId("notification-dot"));
      expect(await items(watcher).first().getAttribute("data-unread")).toBe("false");
      await watcher.keyboard.press("Escape");
      await gone(watcher.getByTestId("notification-panel"));

      // Mia tracks her location on the road, then arrives: the browser's own position, emulated.
      const driver = await e2e().signedInPage(mia);
      await driver.context().grantPermissions(["geolocation"]);
      await driver.context().setGeolocation(ON_THE_ROAD);
      await driver.goto(`/groups/${groupId}`);
      await visible(driver.getByRole("heading", { name: LOCATION_TEXTS.cardTitle }));
      await driver.getByTestId("auto-tracking").click();
      await expect
        .poll(() => driver.getByTestId("member-status-row").filter({ hasText: "Mia Berg" }).innerText(), {
          timeout: 20_000,
        })
        .toContain(LOCATION_TEXTS.currentLocation);
      await driver.context().setGeolocation(AT_THE_LAKE);

      // Tracking accepts a fix up to 30 s old, so the move can take that long to be posted.
      await watcher.getByTestId("notification-dot").waitFor({ state: "visible", timeout: 60_000 });
      expect(watcher.url()).toBe(`${e2e().baseUrl}/`);
      await bell(watcher).click();
      const arrival = items(watcher).first();
      expect(await arrival.innerText()).toContain("Mia arrived at Annecy");
      expect(await arrival.getAttribute("data-unread")).toBe("true");
      expect(await items(watcher).count()).toBe(2);
      await screenshot(watcher, "notifications-bell-desktop", false);
      await shot(watcher.getByTestId("notification-panel"), "notifications-panel-desktop");

      // Mia is not told about her own arrival.
      const own = await (await signedInClient(mia)).get("/api/notifications");
      expect(own.body.notifications.map((n: { kind: string }) => n.kind)).not.toContain("arrival");

      // Clicking it opens the group: the arrival is a centred line in the chat and a time in the member list.
      await arrival.click();
      await expectUrl(watcher, (u) => u.pathname === `/groups/${groupId}`);
      await visible(watcher.getByTestId("system-message").filter({ hasText: "Mia arrived at Annecy" }));
      const miaRow = watcher.getByTestId("member-status-row").filter({ hasText: "Mia Berg" });
      expect(await miaRow.getByTestId("member-arrived").innerText()).toMatch(/^Arrived /);
      await gone(watcher.getByTestId("notification-dot"));
      await screenshot(watcher, "notifications-group-arrived-desktop");
    },
  );

  it("the empty bell, and the list on 375, 360 and 320 px phones", { timeout: 90_000 }, async () => {
    const fresh = await signUpViaApi(e2e(), { firstName: "Nia" });
    const empty = await e2e().signedInPage(fresh);
    // Even with the browser's permission granted, nothing is shown until the user switches them on.
    await empty.context().grantPermissions(["notifications"]);
    await empty.goto("/");
    await bell(empty).click();
    await visible(empty.getByTestId("notifications-empty").getByText(NOTIFICATION_TEXTS.empty));
    expect(await empty.getByTestId("mark-all-read").isDisabled()).toBe(true);
    // Off by default.
    const toggle = empty.getByTestId("browser-notifications");
    expect(await toggle.locator("input").isChecked()).toBe(false);
    await toggle.click();
    await expect.poll(() => toggle.locator("input").isChecked()).toBe(true);
    await shot(empty.getByTestId("notification-panel"), "notifications-empty-desktop");

    const owner = await signUpViaApi(e2e(), { firstName: "Ola" });
    const mia = await signUpViaApi(e2e(), { firstName: "Mia" });
    const groupId = await lakeTrip(owner, mia);
    const miaClient = await signedInClient(mia);
    await miaClient.post(`/api/groups/${groupId}/proposals`, { destinationName: "Talloires" });
    await miaClient.post(`/api/groups/${groupId}/locations`, AT_THE_LAKE);
    for (const width of [PHONE.width, 360, 320]) {
      const page = await e2e().signedInPage(owner, {
        viewport: { width, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      await page.goto("/");
      await bell(page).click();
      const panel = page.getByTestId("notification-panel");
      await visible(items(page).filter({ hasText: "Mia arrived at Annecy" }));
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `notifications-bell-${width}`, false);
      await page.context().close();
    }
  });
});
