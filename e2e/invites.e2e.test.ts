import { GROUP_TEXTS, INVITE_TEXTS, JOIN_TEXTS, VALIDATION } from "@caravan/common";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GroupInvite } from "../backend/src/db/entities/index.js";
import { DESKTOP, PHONE, horizontalOverflow, screenshot, signUpViaApi, useE2E, type TestUser } from "./harness";
import { expectDialogView, expectErrorBeneath, expectUrl, gone, toast, visible } from "./ui";

const e2e = useE2E();

async function groupViaApi(owner: TestUser, body: Record<string, unknown>): Promise<number> {
  const client = e2e().app.client();
  await client.post("/api/auth/signin", { email: owner.email, password: owner.password });
  const res = await client.post("/api/groups", body);
  if (res.status !== 201) throw new Error(`group creation failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

async function linkViaApi(owner: TestUser, groupId: number): Promise<string> {
  const client = e2e().app.client();
  await client.post("/api/auth/signin", { email: owner.email, password: owner.password });
  const res = await client.post(`/api/groups/${groupId}/invites/link`, {});
  if (res.status !== 201) throw new Error(`invite link failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.inviteToken as string;
}

async function openInviteDialog(page: Page) {
  await page.getByRole("button", { name: GROUP_TEXTS.inviteMore }).click();
  const dialog = page.getByTestId("invite-dialog");
  await visible(dialog.getByRole("heading", { name: INVITE_TEXTS.title }));
  return dialog;
}

describe("invites", () => {
  it("sends an e-mail invitation, checking the address first", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const groupId = await groupViaApi(owner, { name: "Baltic Rail Trip", status: "planning" });
    const page = await e2e().signedInPage(owner);
    await page.goto(`/groups/${groupId}`);
    const dialog = await openInviteDialog(page);
    await visible(dialog.getByRole("tab", { name: INVITE_TEXTS.emailTab, selected: true }));
    await visible(dialog.getByRole("tab", { name: INVITE_TEXTS.linkTab }));

    const email = dialog.getByLabel(INVITE_TEXTS.emailLabel, { exact: true });
    await email.fill("not-an-address");
    await dialog.getByRole("button", { name: INVITE_TEXTS.send }).click();
    await expectErrorBeneath(dialog, INVITE_TEXTS.emailLabel, VALIDATION.inviteEmailInvalid);
    await screenshot(page, "invite-email-error-desktop", false);

    await email.fill("  Friend@Example.com ");
    const sent = page.waitForResponse(
      (r) => r.url().endsWith(`/api/groups/${groupId}/invites`) && r.request().method() === "POST",
    );
    await dialog.getByRole("button", { name: INVITE_TEXTS.send }).click();
    expect((await sent).status()).toBe(201);
    expect(await toast(page, INVITE_TEXTS.sentTitle)).toContain("friend@example.com");
    expect(await email.inputValue()).toBe("");
    const invites = await e2e().app.db.getRepository(GroupInvite).findBy({ groupId });
    expect(invites.map((i) => i.email)).toEqual(["friend@example.com"]);

    await page.setViewportSize(PHONE);
    await screenshot(page, "invite-email-phone", false);
    expect(await horizontalOverflow(page)).toBe(0);
  });

  it("shares a link that a signed-out visitor uses to sign up, sign in and join; the owner sees them arrive", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const groupId = await groupViaApi(owner, {
      name: "Lofoten by Kayak",
      description: "Paddling between fishing villages, nights in rorbuer.",
      status: "planning",
      startDate: "2031-07-04T12:00:00.000Z",
    });
    const ownerContext = await e2e().newContext();
    await ownerContext.grantPermissions(["clipboard-read", "clipboard-write"]);
    const signin = await ownerContext.request.post("/api/auth/signin", {
      data: { email: owner.email, password: owner.password },
    });
    expect(signin.status()).toBe(200);
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto(`/groups/${groupId}`);
    const members = ownerPage.getByTestId("member-status");
    await visible(members.getByText("Olga Owner", { exact: true }));

    const dialog = await openInviteDialog(ownerPage);
    await dialog.getByRole("tab", { name: INVITE_TEXTS.linkTab }).click();
    await visible(dialog.getByText(INVITE_TEXTS.linkNote, { exact: false }));
    await screenshot(ownerPage, "invite-link-start-desktop", false);
    await dialog.getByRole("button", { name: INVITE_TEXTS.createLink }).click();
    const linkInput = dialog.getByTestId("invite-link");
    await visible(linkInput);
    const link = await linkInput.inputValue();
    expect(link).toMatch(new RegExp(`^${e2e().baseUrl}/join/[A-Za-z0-9_-]{43}$`));

    await dialog.getByRole("button", { name: INVITE_TEXTS.copy, exact: true }).click();
    await visible(dialog.getByRole("button", { name: INVITE_TEXTS.copied, exact: true }));
    expect(await ownerPage.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await screenshot(ownerPage, "invite-link-copied-desktop", false);
    // The indicator goes back by itself.
    await visible(dialog.getByRole("button", { name: INVITE_TEXTS.copy, exact: true }));
    await ownerPage.setViewportSize(PHONE);
    await screenshot(ownerPage, "invite-link-phone", false);
    expect(await horizontalOverflow(ownerPage)).toBe(0);
    await ownerPage.keyboard.press("Escape");
    await gone(dialog);

    // A visitor with no account opens the link.
    const visitor = await e2e().newPage();
    await visitor.goto(link);
    const card = visitor.getByTestId("join-card");
    await visible(card.getByRole("heading", { name: JOIN_TEXTS.title }));
    await visible(card.getByRole("heading", { name: "Lofoten by Kayak" }));
    await visible(card.getByText("Paddling between fishing villages, nights in rorbuer."));
    await visible(card.getByText("Jul 4, 2031"));
    await visible(card.getByText("Planning", { exact: true }));
    await visible(card.getByRole("button", { name: JOIN_TEXTS.cancel }));
    expect(await card.getByText(/^Joining as/).count()).toBe(0);
    await screenshot(visitor, "join-card-signed-out-desktop");

    await visible(card.getByText(JOIN_TEXTS.signedOutHint, { exact: true }));
    await card.getByRole("button", { name: JOIN_TEXTS.join }).click();
    expect(await toast(visitor, JOIN_TEXTS.signInTitle)).toContain(JOIN_TEXTS.signInText);

    // The sign-in dialog opens over the join page itself: create an account, then sign in with it.
    await expectDialogView(visitor, "Sign In");
    expect(new URL(visitor.url()).pathname).toBe(new URL(link).pathname);
    const auth = visitor.getByRole("dialog");
    await auth.getByRole("button", { name: "Don't have an account? Sign up" }).click();
    await expectDialogView(visitor, "Create Account");
    const email = `vera-${Date.now()}@example.com`;
    await auth.getByLabel("First Name", { exact: true }).fill("Vera");
    await auth.getByLabel("Last Name", { exact: true }).fill("Visitor");
    await auth.getByLabel("Email", { exact: true }).fill(email);
    await auth.getByLabel("Password", { exact: true }).fill("Paddle2031");
    await auth.getByLabel("Confirm Password", { exact: true }).fill("Paddle2031");
    await auth.getByRole("button", { name: "Create Account", exact: true }).click();
    await expectDialogView(visitor, "Sign In");
    await auth.getByLabel("Password", { exact: true }).fill("Paddle2031");
    await auth.getByRole("button", { name: "Sign In", exact: true }).click();

    // Back on the same join page, signed in, and the join asked for goes ahead without a second press.
    await visible(visitor.getByTestId("join-welcome").getByRole("heading", { name: JOIN_TEXTS.welcomeTitle }));
    await toast(visitor, JOIN_TEXTS.joined);
    await screenshot(visitor, "join-welcome-desktop");
    await visitor.setViewportSize(PHONE);
    await screenshot(visitor, "join-welcome-phone");
    expect(await horizontalOverflow(visitor)).toBe(0);
    await visitor.setViewportSize(DESKTOP);
    await expectUrl(visitor, (u) => u.pathname === `/groups/${groupId}`);
    await visible(visitor.getByRole("heading", { level: 1, name: "Lofoten by Kayak" }));

    // The owner's page learns of the new member without a reload.
    await visible(members.getByText("Vera Visitor", { exact: true }));
  });

  it("shows the invalid view for unknown and expired links, and Cancel goes home", async () => {
    const page = await e2e().newPage();
    await page.goto("/join/no-such-invitation-token");
    const invalid = page.getByTestId("join-invalid");
    await visible(invalid.getByRole("heading", { name: JOIN_TEXTS.invalidTitle }));
    await visible(invalid.getByText(JOIN_TEXTS.invalidText, { exact: true }));
    await screenshot(page, "join-invalid-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, "join-invalid-phone");
    expect(await horizontalOverflow(page)).toBe(0);
    await invalid.getByRole("link", { name: JOIN_TEXTS.goHome }).click();
    await expectUrl(page, (u) => u.pathname === "/");

    const owner = await signUpViaApi(e2e());
    const groupId = await groupViaApi(owner, { name: "Expired Escape", status: "planning" });
    const token = await linkViaApi(owner, groupId);
    await page.goto(`/join/${token}`);
    await visible(page.getByTestId("join-card").getByText(JOIN_TEXTS.noDate, { exact: true }));
    await page.getByRole("button", { name: JOIN_TEXTS.cancel }).click();
    await expectUrl(page, (u) => u.pathname === "/");

    await e2e()
      .app.db.getRepository(GroupInvite)
      .update({ inviteToken: token }, { expiresAt: new Date(Date.now() - 60_000) });
    await page.goto(`/join/${token}`);
    await visible(page.getByTestId("join-invalid").getByText(JOIN_TEXTS.invalidText, { exact: true }));
  });

  it("asks a visitor whose session ended meanwhile to sign in over the page, then joins", async () => {
    const owner = await signUpViaApi(e2e());
    const visitor = await signUpViaApi(e2e(), { firstName: "Sam", lastName: "Stale" });
    const groupId = await groupViaApi(owner, { name: "Night Train to Vienna", status: "planning" });
    const token = await linkViaApi(owner, groupId);
    const page = await e2e().signedInPage(visitor);
    await page.goto(`/join/${token}`);
    await visible(page.getByText(JOIN_TEXTS.joiningAs(visitor.email), { exact: true }));

    // Signed out elsewhere (another tab, or the session expired) while this page stayed open.
    await page.context().request.post("/api/logout");
    await page.getByRole("button", { name: JOIN_TEXTS.join }).click();
    expect(await toast(page, JOIN_TEXTS.sessionTitle)).toContain(JOIN_TEXTS.sessionText);
    await expectDialogView(page, "Sign In");
    expect(new URL(page.url()).pathname).toBe(`/join/${token}`);
    const auth = page.getByRole("dialog");
    await auth.getByLabel("Email", { exact: true }).fill(visitor.email);
    await auth.getByLabel("Password", { exact: true }).fill(visitor.password);
    await auth.getByRole("button", { name: "Sign In", exact: true }).click();
    await visible(page.getByTestId("join-welcome"));
    await expectUrl(page, (u) => u.pathname === `/groups/${groupId}`);
  });
});
