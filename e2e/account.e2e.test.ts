import fs from "node:fs";
import { ACCOUNT_TEXTS, CALENDAR_TEXTS, GROUP_TEXTS, NOTIFICATION_TEXTS, SHARE_TEXTS } from "@caravan/common";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Group } from "../backend/src/db/entities/index.js";
import { groupWithMember, screenshot, shot, signUpViaApi, useE2E, type TestUser } from "./harness";
import { dialog, expectErrorBeneath, gone, toast, visible } from "./ui";

const e2e = useE2E();

const PHONE_360 = { width: 360, height: 740 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;

async function openProfile(page: Page) {
  await page.getByRole("button", { name: "Open user menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  const d = dialog(page);
  await visible(d.getByRole("heading", { name: "User Profile" }));
  return d;
}

async function signedInClient(user: TestUser) {
  const client = e2e().app.client();
  await client.post("/api/auth/signin", { email: user.email, password: user.password });
  return client;
}

describe("your data", () => {
  it("deleting the account from the profile dialog signs out, and the other member now owns the group", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Max", lastName: "Member" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Fjord Ferries", status: "planning" });

    const page = await e2e().signedInPage(owner);
    await page.goto("/");
    const profile = await openProfile(page);
    await visible(profile.getByText(ACCOUNT_TEXTS.sectionTitle, { exact: true }));
    await screenshot(page, "profile-your-data-desktop", false);
    await page.setViewportSize(PHONE_360);
    await profile.getByRole("button", { name: ACCOUNT_TEXTS.deleteAccount }).scrollIntoViewIfNeeded();
    await screenshot(page, "profile-your-data-360", false);
    await page.setViewportSize(DESKTOP);

    // The download is the caller's data as a JSON file.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      profile.getByRole("link", { name: ACCOUNT_TEXTS.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^caravan-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
    expect(exported.profile.email).toBe(owner.email);
    expect(exported.groups.map((g: { name: string }) => g.name)).toEqual(["Fjord Ferries"]);
    expect(JSON.stringify(exported)).not.toContain(member.email);

    await profile.getByRole("button", { name: ACCOUNT_TEXTS.deleteAccount }).click();
    const confirm = page.getByTestId("delete-account-dialog");
    await visible(confirm.getByRole("heading", { name: ACCOUNT_TEXTS.deleteTitle }));
    for (const line of ACCOUNT_TEXTS.deleteConsequences) await visible(confirm.getByText(line, { exact: true }));
    await screenshot(page, "delete-account-desktop", false);
    await page.setViewportSize(PHONE_360);
    await screenshot(page, "delete-account-360", false);
    await page.setViewportSize(DESKTOP);

    // Cancel goes back to the profile, changing nothing.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await gone(confirm);
    await profile.getByRole("button", { name: ACCOUNT_TEXTS.deleteAccount }).click();
    await visible(confirm);

    // A wrong password shows beneath the field, and the account stays.
    await confirm.getByLabel(ACCOUNT_TEXTS.passwordLabel, { exact: true }).fill("Wrong-Pass-1");
    await confirm.getByRole("button", { name: ACCOUNT_TEXTS.confirm }).click();
    await expectErrorBeneath(confirm, ACCOUNT_TEXTS.passwordLabel, ACCOUNT_TEXTS.passwordWrong);
    expect((await (await signedInClient(owner)).get("/api/auth/user")).status).toBe(200);

    await confirm.getByLabel(ACCOUNT_TEXTS.passwordLabel, { exact: true }).fill(owner.password);
    await confirm.getByRole("button", { name: ACCOUNT_TEXTS.confirm }).click();
    expect(await toast(page, ACCOUNT_TEXTS.deletedTitle)).toContain(ACCOUNT_TEXTS.deletedText);
    // Signed out: the landing page, and a reload stays signed out.
    await visible(page.getByRole("heading", { name: "Travel Together, Stay Connected" }));
    await page.reload();
    await visible(page.getByRole("heading", { name: "Travel Together, Stay Connected" }));
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);

    // The member now owns the group: the owner's controls, and a notification saying why.
    const memberPage = await e2e().signedInPage(member);
    await memberPage.goto(`/groups/${groupId}`);
    await visible(memberPage.getByRole("button", { name: GROUP_TEXTS.deleteGroup }));
    expect(await memberPage.getByRole("button", { name: GROUP_TEXTS.leaveGroup }).count()).toBe(0);
    const notifications = await (await signedInClient(member)).get("/api/notifications");
    expect(notifications.body.notifications.map((n: { text: string }) => n.text)).toContain(
      NOTIFICATION_TEXTS.ownerChanged("Olga", "Fjord Ferries"),
    );
  });

  it("the group header offers the trip as a calendar file", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Cleo" });
    const member = await signUpViaApi(e2e());
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Lisbon Long Weekend", status: "planning" });
    await e2e()
      .app.db.getRepository(Group)
      .update(
        { id: groupId },
        { startDate: new Date("2027-05-14T12:00:00Z"), endDate: new Date("2027-05-17T12:00:00Z") },
      );
    const page = await e2e().signedInPage(owner);
    await page.goto(`/groups/${groupId}`);
    const button = page.getByRole("link", { name: CALENDAR_TEXTS.addToCalendar });
    await visible(button);
    expect(await button.getAttribute("href")).toBe(`/api/groups/${groupId}/calendar.ics`);
    const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    await shot(header, "group-header-calendar-desktop");
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toBe("Lisbon-Long-Weekend.ics");
    const ics = fs.readFileSync((await download.path())!, "utf8");
    expect(ics).toContain("DTSTART;VALUE=DATE:20270514");
    expect(ics).toContain("DTEND;VALUE=DATE:20270518");
    await page.setViewportSize(PHONE_360);
    await button.scrollIntoViewIfNeeded();
    await shot(header, "group-header-calendar-360");
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  });

  it("the Active Shared Trips card shows views and watchers, and the watcher count stops the share", async () => {
    const sharer = await signUpViaApi(e2e(), { firstName: "Sam" });
    const client = await signedInClient(sharer);
    const created = await client.post("/api/shared-trips", { durationHours: 2 });
    const token = created.body.shareToken as string;
    await client.post(`/api/shared-trips/${token}/locations`, { latitude: 38.72, longitude: -9.14, notes: null });

    // Someone opens the link and keeps it open.
    const watcher = await e2e().newPage();
    await watcher.goto(`/shared/${token}`);
    await visible(watcher.getByTestId("share-views-privacy"));
    expect(await watcher.getByTestId("share-views-privacy").innerText()).toBe(CALENDAR_TEXTS.viewsPrivacy);
    await expect
      .poll(async () => (await client.get("/api/shared-trips")).body[0].watchersNow, { timeout: 10_000 })
      .toBe(1);

    const page = await e2e().signedInPage(sharer);
    await page.goto("/");
    const card = page.getByTestId("shared-trip-card");
    await visible(card.getByText(CALENDAR_TEXTS.views(1), { exact: true }));
    const watchers = card.getByRole("button", { name: CALENDAR_TEXTS.watchingLabel(1) });
    await visible(watchers);
    await visible(card.getByRole("link", { name: CALENDAR_TEXTS.downloadTrail }));
    await shot(page.getByTestId("active-shared-trips"), "active-shared-trips-desktop");
    await page.setViewportSize(PHONE_360);
    await watchers.scrollIntoViewIfNeeded();
    await shot(page.getByTestId("active-shared-trips"), "active-shared-trips-360");
    const box = (await watchers.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);

    await watchers.click();
    const confirm = page.getByRole("alertdialog");
    await visible(confirm.getByText(SHARE_TEXTS.stopConfirmText, { exact: true }));
    await confirm.getByRole("button", { name: SHARE_TEXTS.stopShare }).click();
    expect(await toast(page, SHARE_TEXTS.stoppedTitle)).toContain(SHARE_TEXTS.stoppedText);
    await gone(page.getByTestId("active-shared-trips"));
  });
});
