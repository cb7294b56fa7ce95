import { GROUP_TEXTS, INVITE_TEXTS, LOCATION_TEXTS } from "@caravan/common";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GroupInvite, GroupMembership, User } from "../backend/src/db/entities/index.js";
import { PHONE, groupWithMember, screenshot, signUpViaApi, useE2E, type TestUser } from "./harness";
import { gone, toast, visible } from "./ui";

const e2e = useE2E();

const SMALL_PHONE = { width: 320, height: 640 } as const;
const PHONE_360 = { width: 360, height: 740 } as const;

async function signedInClient(user: TestUser) {
  const client = e2e().app.client();
  await client.post("/api/auth/signin", { email: user.email, password: user.password });
  return client;
}

async function openInviteDialog(page: Page) {
  await page.getByRole("button", { name: GROUP_TEXTS.inviteMore }).click();
  const dialog = page.getByTestId("invite-dialog");
  await visible(dialog.getByRole("heading", { name: INVITE_TEXTS.title }));
  return dialog;
}

/** Whether the control is wholly inside the viewport's width. */
async function withinWidth(page: Page, control: Locator): Promise<boolean> {
  const box = await control.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= page.viewportSize()!.width;
}

/** Screenshots at the three widths looked at, with the given controls reachable at each. */
async function atEveryWidth(page: Page, name: string, controls: Locator) {
  await screenshot(page, `${name}-desktop`, false);
  for (const [label, size] of [
    ["360", PHONE_360],
    ["320", SMALL_PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await controls.first().scrollIntoViewIfNeeded();
    await screenshot(page, `${name}-${label}`, false);
    for (const control of await controls.all()) expect(await withinWidth(page, control), label).toBe(true);
  }
}

describe("invite management", () => {
  it("the owner sees pending invitations and revokes a link after confirming; the link stops working", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Max", lastName: "Member" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Fjord Ferries", status: "planning" });
    const client = await signedInClient(owner);
    expect((await client.post(`/api/groups/${groupId}/invites`, { email: "pal@example.com" })).status).toBe(201);
    const linkRes = await client.post(`/api/groups/${groupId}/invites/link`, {});
    const token = linkRes.body.inviteToken as string;

    const page = await e2e().signedInPage(owner);
    await page.goto(`/groups/${groupId}`);
    const dialog = await openInviteDialog(page);
    const pending = dialog.getByTestId("pending-invites");
    await visible(pending.getByRole("heading", { name: INVITE_TEXTS.pendingTitle }));
    const rows = pending.getByTestId("pending-invite");
    // The new link, the e-mail invite and the link the member joined through (used once), newest first.
    await expect.poll(() => rows.count()).toBe(3);
    await visible(rows.nth(0).getByText(INVITE_TEXTS.pendingLink, { exact: true }));
    await visible(rows.nth(0).getByText(INVITE_TEXTS.pendingUses(0), { exact: false }));
    await visible(rows.nth(1).getByText("pal@example.com", { exact: true }));
    await visible(rows.nth(2).getByText(INVITE_TEXTS.pendingUses(1), { exact: false }));
    await visible(rows.nth(0).getByText(INVITE_TEXTS.pendingBy("Olga Owner"), { exact: true }));
    await atEveryWidth(page, "invite-pending", pending.getByRole("button", { name: INVITE_TEXTS.revoke }));
    await page.setViewportSize({ width: 1280, height: 800 });

    await rows
      .nth(0)
      .getByRole("button", { name: INVITE_TEXTS.revokeLabel(INVITE_TEXTS.pendingLink) })
      .click();
    const confirm = page.getByRole("alertdialog");
    await visible(confirm.getByText(INVITE_TEXTS.revokeConfirmText, { exact: true }));
    await screenshot(page, "invite-revoke-confirm-desktop", false);
    // Cancelling changes nothing.
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await gone(confirm);
    expect(await e2e().app.db.getRepository(GroupInvite).countBy({ groupId })).toBe(3);

    await rows
      .nth(0)
      .getByRole("button", { name: INVITE_TEXTS.revokeLabel(INVITE_TEXTS.pendingLink) })
      .click();
    await page.getByRole("alertdialog").getByRole("button", { name: INVITE_TEXTS.revoke }).click();
    expect(await toast(page, INVITE_TEXTS.revokedTitle)).toContain(INVITE_TEXTS.revokedText);
    await expect.poll(() => rows.count()).toBe(2);
    expect((await e2e().app.client().get(`/api/invites/${token}`)).status).toBe(404);
  });

  it("a member sees no pending list", async () => {
    const owner = await signUpViaApi(e2e());
    const member = await signUpViaApi(e2e());
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Dolomites", status: "planning" });
    const page = await e2e().signedInPage(member);
    await page.goto(`/groups/${groupId}`);
    const dialog = await openInviteDialog(page);
    await visible(dialog.getByRole("tab", { name: INVITE_TEXTS.linkTab }));
    expect(await dialog.getByTestId("pending-invites").count()).toBe(0);
  });
});

describe("member removal", () => {
  it("the owner removes a member from Member Status after confirming; the member's page loses access", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Max", lastName: "Member" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Atlas Crossing", status: "active" });
    const memberId = (await e2e().app.db.getRepository(User).findOneByOrFail({ email: member.email })).id;

    const memberPage = await e2e().signedInPage(member);
    await memberPage.goto(`/groups/${groupId}`);
    await visible(memberPage.getByTestId("member-status"));
    // Members are not offered Remove.
    expect(await memberPage.getByTestId("remove-member").count()).toBe(0);

    const page = await e2e().signedInPage(owner);
    await page.goto(`/groups/${groupId}`);
    const list = page.getByTestId("member-status");
    await visible(list);
    const removeButton = list.getByRole("button", { name: LOCATION_TEXTS.removeMemberLabel("Max Member") });
    await visible(removeButton);
    // Only on other people's rows.
    expect(await list.getByTestId("remove-member").count()).toBe(1);
    await atEveryWidth(page, "member-remove", list.getByTestId("remove-member"));
    await page.setViewportSize(PHONE);

    await removeButton.click();
    const confirm = page.getByRole("alertdialog");
    await visible(confirm.getByText(LOCATION_TEXTS.removeConfirmText("Max Member"), { exact: true }));
    await screenshot(page, "member-remove-confirm-phone", false);
    await confirm.getByRole("button", { name: LOCATION_TEXTS.removeMember }).click();
    expect(await toast(page, LOCATION_TEXTS.removedTitle)).toContain(LOCATION_TEXTS.removedText("Max Member"));
    await gone(list.locator(`[data-user-id="${memberId}"]`));
    expect(await e2e().app.db.getRepository(GroupMembership).countBy({ groupId, userId: memberId })).toBe(0);

    // The removed member's open page hears member:left and shows that access is gone.
    await visible(memberPage.getByText(GROUP_TEXTS.accessDeniedTitle, { exact: true }));
  });
});
