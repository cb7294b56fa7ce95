import { DESTINATION_TEXTS, ERRORS, GROUP_TEXTS, PROPOSAL_TEXTS, TOASTS, VALIDATION } from "@caravan/common";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Group } from "../backend/src/db/entities/index.js";
import {
  DESKTOP,
  PHONE,
  groupWithMember,
  horizontalOverflow,
  screenshot,
  shot,
  signUpViaApi,
  useE2E,
  type TestUser,
} from "./harness";
import { offscreenElements } from "./layout";
import { expectErrorBeneath, gone, holdAnswers, toast, visible } from "./ui";

const e2e = useE2E();

/** Makes a group through the dashboard's Create dialog, keeping its default status; answers its id. */
async function createThroughDialog(page: Page, name: string): Promise<number> {
  await page.goto("/");
  await page.getByRole("button", { name: GROUP_TEXTS.createFirst }).click();
  const dialog = page.getByTestId("create-group-dialog");
  await dialog.getByLabel(GROUP_TEXTS.nameLabel, { exact: true }).fill(name);
  await dialog.getByRole("button", { name: GROUP_TEXTS.create, exact: true }).click();
  await toast(page, GROUP_TEXTS.createdTitle);
  const link = page
    .getByTestId("group-card")
    .filter({ hasText: name })
    .getByRole("link", { name: GROUP_TEXTS.viewGroup });
  return Number((await (await visible(link)).getAttribute("href"))!.split("/").pop());
}

/** `members` join `owner`'s group through a link invite. */
async function joinByLink(owner: TestUser, members: TestUser[], groupId: number) {
  const ownerClient = e2e().app.client();
  await ownerClient.post("/api/auth/signin", { email: owner.email, password: owner.password });
  const link = await ownerClient.post(`/api/groups/${groupId}/invites/link`, {});
  for (const member of members) {
    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: member.email, password: member.password });
    expect((await client.post(`/api/invites/${link.body.inviteToken}/accept`)).status).toBe(200);
  }
}

/** The three widths the product must fit: a laptop, a common phone and the narrowest phone. */
const WIDTHS = [1280, 360, 320] as const;

/** A screenshot at each width (`take` names its file), checking that nothing runs off the screen at any. */
async function atEachWidth(page: Page, name: string, take: (file: string) => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await take(`${name}-${width}`);
    expect(await offscreenElements(page, width)).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

const headerShots = (page: Page, name: string) =>
  atEachWidth(page, name, (file) => shot(page.getByRole("main").locator("header"), file));
const dialogShots = (page: Page, name: string) =>
  atEachWidth(page, name, async (file) => {
    await screenshot(page, file, false);
  });
const sectionShots = (page: Page, name: string) =>
  atEachWidth(page, name, (file) => shot(page.getByTestId("proposals-section"), file));

/** The proposals as a decided trip shows them: Porto chosen, Lisbon closed, the votes kept, nothing to vote on. */
async function expectDecided(page: Page) {
  const section = page.getByTestId("proposals-section");
  await visible(section.getByTestId("proposals-decided").getByText(PROPOSAL_TEXTS.decided, { exact: true }));
  await visible(section.getByText(PROPOSAL_TEXTS.decidedText, { exact: true }));
  const porto = proposalCard(page, "Porto");
  await visible(porto.getByTestId("proposal-status").getByText(PROPOSAL_TEXTS.status.finalized!, { exact: true }));
  await visible(proposalCard(page, "Lisbon").getByTestId("proposal-status").getByText(PROPOSAL_TEXTS.status.closed!));
  await expectTally(porto, "yes", 2, "Milo Member, Olga Owner");
  await expectTally(porto, "no", 1, "Tess Third");
  await expectTally(proposalCard(page, "Lisbon"), "yes", 1, "Tess Third");
  expect(await section.getByRole("button", { name: PROPOSAL_TEXTS.yes, exact: true }).count()).toBe(0);
  expect(await section.getByRole("button", { name: PROPOSAL_TEXTS.finalize }).count()).toBe(0);
  expect(await section.getByRole("button", { name: PROPOSAL_TEXTS.propose }).count()).toBe(0);
}

const planningGroupWith = (owner: TestUser, member: TestUser, name: string) =>
  groupWithMember(e2e(), owner, member, { name, status: "planning" });

const proposalCard = (page: Page, destination: string): Locator =>
  page.getByTestId("proposal").filter({ has: page.getByRole("heading", { name: destination }) });

async function expectTally(card: Locator, kind: "yes" | "no", count: number, names: string) {
  await expect.poll(async () => (await card.getByTestId(`tally-${kind}-count`).innerText()).trim()).toBe(String(count));
  await visible(card.getByTestId(`tally-${kind}`).getByText(names, { exact: true }));
}

describe("trip proposals", () => {
  it("a group made the normal way is switched to Planning by its owner; all vote; the owner confirms; the proposals stay readable", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const third = await signUpViaApi(e2e(), { firstName: "Tess", lastName: "Third" });
    const ownerPage = await e2e().signedInPage(owner);
    const groupId = await createThroughDialog(ownerPage, "Coast Someday");
    await joinByLink(owner, [member, third], groupId);
    const memberPage = await e2e().signedInPage(member);
    const thirdPage = await e2e().signedInPage(third);
    await memberPage.goto(`/groups/${groupId}`);
    await thirdPage.goto(`/groups/${groupId}`);
    await ownerPage.goto(`/groups/${groupId}`);

    // Active, as the Create dialog makes it: no proposals; only the owner has Edit Group.
    const header = (page: Page) => page.getByRole("main").locator("header");
    const editButton = (page: Page) => header(page).getByRole("button", { name: GROUP_TEXTS.editGroup });
    await visible(header(ownerPage).getByText(GROUP_TEXTS.status.active!, { exact: true }));
    await visible(editButton(ownerPage));
    await visible(header(memberPage).getByRole("button", { name: GROUP_TEXTS.leaveGroup }));
    expect(await editButton(memberPage).count()).toBe(0);
    expect(await memberPage.getByTestId("proposals-section").count()).toBe(0);
    await headerShots(ownerPage, "group-header-edit");

    // The owner opens Edit Group: it starts from the group; an empty name is refused beneath the field.
    await editButton(ownerPage).click();
    const edit = ownerPage.getByTestId("edit-group-dialog");
    await visible(edit.getByRole("heading", { name: GROUP_TEXTS.editTitle }));
    const name = edit.getByLabel(GROUP_TEXTS.nameLabel, { exact: true });
    expect(await name.inputValue()).toBe("Coast Someday");
    const status = edit.getByLabel(GROUP_TEXTS.statusLabel, { exact: true });
    expect(await status.inputValue()).toBe("active");
    await name.fill("");
    await expectErrorBeneath(edit, GROUP_TEXTS.nameLabel, VALIDATION.groupNameRequired);
    await edit.getByRole("button", { name: GROUP_TEXTS.save }).click();
    await visible(edit.getByText(VALIDATION.groupNameRequired, { exact: true }));
    await name.fill("Atlantic Coast Summer");
    await gone(edit.getByText(VALIDATION.groupNameRequired, { exact: true }));
    await edit.getByLabel(GROUP_TEXTS.descriptionLabel, { exact: true }).fill("Porto or Lisbon: the group decides");
    await status.selectOption("planning");
    await dialogShots(ownerPage, "group-edit-dialog");
    await edit.getByRole("button", { name: GROUP_TEXTS.save }).click();
    expect(await toast(ownerPage, GROUP_TEXTS.updatedTitle)).toContain(GROUP_TEXTS.updatedText);
    await gone(edit);

    // Every open page shows the change at once, and the planning group's proposals.
    for (const page of [ownerPage, memberPage, thirdPage]) {
      await visible(page.getByRole("heading", { level: 1, name: "Atlantic Coast Summer" }));
      await visible(header(page).getByText(GROUP_TEXTS.status.planning!, { exact: true }));
      await visible(header(page).getByText("Porto or Lisbon: the group decides", { exact: true }));
      await visible(page.getByTestId("proposals-section").getByText(PROPOSAL_TEXTS.empty, { exact: true }));
    }
    // The owner's fields are the owner's: the server refuses the member's change of them.
    const memberClient = e2e().app.client();
    await memberClient.post("/api/auth/signin", { email: member.email, password: member.password });
    const refused = await memberClient.patch(`/api/groups/${groupId}`, { name: "Milo's trip", status: "active" });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ERRORS.ownerOnly);

    const memberSection = memberPage.getByTestId("proposals-section");
    const ownerSection = ownerPage.getByTestId("proposals-section");

    // The member proposes Porto for a duration, after the form has refused an empty destination.
    await memberSection.getByRole("button", { name: PROPOSAL_TEXTS.propose }).click();
    const dialog = memberPage.getByTestId("propose-dialog");
    await visible(dialog.getByRole("heading", { name: PROPOSAL_TEXTS.dialogTitle }));
    await dialog.getByRole("button", { name: PROPOSAL_TEXTS.submit }).click();
    await expectErrorBeneath(dialog, PROPOSAL_TEXTS.destinationLabel, VALIDATION.destinationRequired);

    // Search starts from what was typed, and closing it without a choice keeps the text.
    const destination = dialog.getByLabel(PROPOSAL_TEXTS.destinationLabel, { exact: true });
    await destination.fill("Porto");
    await dialog.getByRole("button", { name: PROPOSAL_TEXTS.searchDestination, exact: true }).click();
    const search = memberPage.getByTestId("destination-dialog");
    const query = search.getByLabel(DESTINATION_TEXTS.placeholder);
    await visible(query);
    expect(await query.inputValue()).toBe("Porto");
    const porto = search.getByTestId("destination-results").getByRole("button").filter({ hasText: "Portugal" }).first();
    await visible(porto);
    await memberPage.keyboard.press("Escape");
    await gone(search);
    expect(await destination.inputValue()).toBe("Porto");
    await dialog.getByRole("button", { name: PROPOSAL_TEXTS.searchDestination, exact: true }).click();
    await visible(porto);
    await porto.click();
    await gone(search);
    expect(await destination.inputValue()).toBe("Porto");
    expect(await dialog.getByLabel(PROPOSAL_TEXTS.addressLabel, { exact: true }).inputValue()).toContain("Portugal");

    await dialog.getByText(PROPOSAL_TEXTS.modeDuration, { exact: true }).click();
    await dialog.getByLabel(PROPOSAL_TEXTS.durationLabel, { exact: true }).fill("2.5");
    await dialog.getByRole("button", { name: PROPOSAL_TEXTS.submit }).click();
    await expectErrorBeneath(dialog, PROPOSAL_TEXTS.durationLabel, VALIDATION.durationInvalid);
    await dialog.getByLabel(PROPOSAL_TEXTS.durationLabel, { exact: true }).fill("48");
    await screenshot(memberPage, "propose-dialog-duration-desktop", false);
    const created = memberPage.waitForRequest(
      (r) => r.url().endsWith(`/api/groups/${groupId}/proposals`) && r.method() === "POST",
    );
    await dialog.getByRole("button", { name: PROPOSAL_TEXTS.submit }).click();
    const body = (await created).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ destinationName: "Porto", durationHours: 48 });
    expect(body.destinationPlaceId).toEqual(expect.any(String));
    expect(body.destinationLatitude).toBeCloseTo(41.15, 0);
    expect(body).not.toHaveProperty("startDate");
    expect(await toast(memberPage, PROPOSAL_TEXTS.createdTitle)).toContain(PROPOSAL_TEXTS.createdText);
    await gone(dialog);

    // A second proposal with dates: sent as ISO timestamps, an end before the start refused first.
    await memberSection.getByRole("button", { name: PROPOSAL_TEXTS.propose }).click();
    await dialog.getByLabel(PROPOSAL_TEXTS.destinationLabel, { exact: true }).fill("Lisbon");
    await dialog.getByLabel(PROPOSAL_TEXTS.startLabel, { exact: true }).fill("2031-06-10T09:00");
    await dialog.getByLabel(PROPOSAL_TEXTS.endLabel, { exact: true }).fill("2031-06-03T18:00");
    await dialog.getByRole("button", { name: PROPOSAL_TEXTS.submit }).click();
    await expectErrorBeneath(dialog, PROPOSAL_TEXTS.endLabel, VALIDATION.endBeforeStart);
    await dialog.getByLabel(PROPOSAL_TEXTS.endLabel, { exact: true }).fill("2031-06-17T18:00");
    await screenshot(memberPage, "propose-dialog-dates-desktop", false);
    await memberPage.setViewportSize(PHONE);
    await screenshot(memberPage, "propose-dialog-dates-phone", false);
    expect(await horizontalOverflow(memberPage)).toBe(0);
    const dated = memberPage.waitForRequest(
      (r) => r.url().endsWith(`/api/groups/${groupId}/proposals`) && r.method() === "POST",
    );
    await dialog.getByRole("button", { name: PROPOSAL_TEXTS.submit }).click();
    const datedBody = (await dated).postDataJSON() as Record<string, unknown>;
    const expectedStart = await memberPage.evaluate(() => new Date("2031-06-10T09:00").toISOString());
    expect(datedBody).toMatchObject({ destinationName: "Lisbon", startDate: expectedStart });
    expect(datedBody.endDate).toMatch(/^2031-06-1[78]T\d\d:00:00\.000Z$/);
    expect(datedBody).not.toHaveProperty("durationHours");
    await toast(memberPage, PROPOSAL_TEXTS.createdTitle);
    await memberPage.setViewportSize(DESKTOP);

    // The owner sees both without a reload: newest first, Finalize disabled until someone says yes.
    const ownerPorto = proposalCard(ownerPage, "Porto");
    await visible(ownerPorto);
    await visible(proposalCard(ownerPage, "Lisbon"));
    expect(await ownerSection.getByTestId("proposal").locator("h3").allInnerTexts()).toEqual(["Lisbon", "Porto"]);
    await visible(ownerPorto.getByText(PROPOSAL_TEXTS.hours(48), { exact: true }));
    await visible(ownerPorto.getByText(PROPOSAL_TEXTS.proposedBy("Milo Member"), { exact: true }));
    await visible(ownerPorto.getByTestId("proposal-status").getByText("Proposed"));
    const finalize = ownerPorto.getByRole("button", { name: PROPOSAL_TEXTS.finalize });
    expect(await finalize.isDisabled()).toBe(true);
    expect(await proposalCard(memberPage, "Porto").getByRole("button", { name: PROPOSAL_TEXTS.finalize }).count()).toBe(
      0,
    );

    // Everyone votes; each sees the others' votes arrive, and their own highlighted.
    const memberPorto = proposalCard(memberPage, "Porto");
    await memberPorto.getByRole("button", { name: PROPOSAL_TEXTS.yes, exact: true }).click();
    await expectTally(ownerPorto, "yes", 1, "Milo Member");
    expect(await finalize.isDisabled()).toBe(false);
    await ownerPorto.getByRole("button", { name: PROPOSAL_TEXTS.no, exact: true }).click();
    await expectTally(memberPorto, "no", 1, "Olga Owner");
    await visible(ownerPorto.getByRole("button", { name: PROPOSAL_TEXTS.no, exact: true, pressed: true }));
    // Voting again replaces the vote.
    await ownerPorto.getByRole("button", { name: PROPOSAL_TEXTS.yes, exact: true }).click();
    await expectTally(memberPorto, "yes", 2, "Milo Member, Olga Owner");
    await expectTally(memberPorto, "no", 0, PROPOSAL_TEXTS.noVotes);
    const thirdLisbon = proposalCard(thirdPage, "Lisbon");
    await thirdLisbon.getByRole("button", { name: PROPOSAL_TEXTS.yes, exact: true }).click();
    await proposalCard(thirdPage, "Porto").getByRole("button", { name: PROPOSAL_TEXTS.no, exact: true }).click();
    await expectTally(ownerPorto, "no", 1, "Tess Third");
    await expectTally(proposalCard(memberPage, "Lisbon"), "yes", 1, "Tess Third");
    await visible(ownerPorto.getByRole("button", { name: PROPOSAL_TEXTS.yes, exact: true, pressed: true }));
    await visible(memberPorto.getByRole("button", { name: PROPOSAL_TEXTS.yes, exact: true, pressed: true }));
    await shot(ownerSection, "proposals-section-desktop");
    await ownerPage.setViewportSize(PHONE);
    await shot(ownerSection, "proposals-section-phone");
    expect(await horizontalOverflow(ownerPage)).toBe(0);
    await ownerPage.setViewportSize(DESKTOP);

    // Finalize asks first and says what will happen; Cancel changes nothing.
    let finalizeCalls = 0;
    ownerPage.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes(`/api/groups/${groupId}/finalize/`)) finalizeCalls += 1;
    });
    await finalize.click();
    const confirm = ownerPage.getByRole("alertdialog");
    await visible(confirm.getByRole("heading", { name: PROPOSAL_TEXTS.confirmFinalizeTitle }));
    await visible(
      confirm.getByText(PROPOSAL_TEXTS.confirmFinalize("Porto", null, PROPOSAL_TEXTS.hours(48)), { exact: true }),
    );
    await dialogShots(ownerPage, "proposals-finalize-confirm");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await gone(confirm);
    await ownerPage.waitForTimeout(300);
    expect(finalizeCalls).toBe(0);
    await visible(ownerPorto.getByTestId("proposal-status").getByText("Proposed"));
    await visible(header(ownerPage).getByText(GROUP_TEXTS.status.planning!, { exact: true }));

    await finalize.click();
    await confirm.getByRole("button", { name: PROPOSAL_TEXTS.confirmFinalizeAction, exact: true }).click();
    expect(await toast(ownerPage, PROPOSAL_TEXTS.finalizedTitle)).toContain(PROPOSAL_TEXTS.finalizedText);
    await gone(confirm);
    expect(finalizeCalls).toBe(1);

    // Every page: the trip is active and heads for Porto; the proposals and votes stay, decided, without voting.
    for (const page of [ownerPage, memberPage, thirdPage]) {
      await visible(header(page).getByText(GROUP_TEXTS.status.active!, { exact: true }));
      await visible(page.getByTestId("destination-banner").getByText("Porto", { exact: true }));
      await expectDecided(page);
    }
    await visible(proposalCard(ownerPage, "Porto").getByText(PROPOSAL_TEXTS.chosen, { exact: true }));

    // Opened afresh, the decided trip lists them too, chosen first.
    await memberPage.reload();
    await expectDecided(memberPage);
    expect(
      await memberPage.getByTestId("proposals-section").getByTestId("proposal").locator("h3").allInnerTexts(),
    ).toEqual(["Porto", "Lisbon"]);
    await sectionShots(memberPage, "proposals-decided");
  });

  it("a vote's answer that arrives after a later vote was pushed does not put the older tally back", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await planningGroupWith(owner, member, "Slow Answer Trip");
    const ownerClient = e2e().app.client();
    await ownerClient.post("/api/auth/signin", { email: owner.email, password: owner.password });
    const proposal = await ownerClient.post(`/api/groups/${groupId}/proposals`, { destinationName: "Bergen" });
    expect(proposal.status).toBe(201);
    const page = await e2e().signedInPage(member);
    await page.goto(`/groups/${groupId}`);
    const card = proposalCard(page, "Bergen");
    await expectTally(card, "no", 0, PROPOSAL_TEXTS.noVotes);

    // The member's answer is held (a phone's slow connection) until the owner's later vote has reached the page.
    const answer = await holdAnswers(page, "**/api/proposals/*/vote");
    await card.getByRole("button", { name: PROPOSAL_TEXTS.yes, exact: true }).click();
    await expectTally(card, "yes", 1, "Milo Member");
    expect((await ownerClient.post(`/api/proposals/${proposal.body.id}/vote`, { vote: "no" })).status).toBe(200);
    await expectTally(card, "no", 1, "Olga Owner");
    await answer.release();
    // The answer carries the tally from before the owner's vote: the page keeps the newer one.
    await page.waitForTimeout(500);
    await expectTally(card, "no", 1, "Olga Owner");
    await expectTally(card, "yes", 1, "Milo Member");
  });

  it("shows the server's reason when a proposal is refused", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await planningGroupWith(owner, member, "Too Late Trip");
    const page = await e2e().signedInPage(member);
    await page.goto(`/groups/${groupId}`);
    await page.getByTestId("proposals-section").getByRole("button", { name: PROPOSAL_TEXTS.propose }).click();
    const dialog = page.getByTestId("propose-dialog");
    await dialog.getByLabel(PROPOSAL_TEXTS.destinationLabel, { exact: true }).fill("Oslo");
    // Meanwhile the trip was settled.
    await e2e().app.db.getRepository(Group).update({ id: groupId }, { status: "active" });
    await dialog.getByRole("button", { name: PROPOSAL_TEXTS.submit }).click();
    expect(await toast(page, TOASTS.errorTitle)).toContain(ERRORS.proposalsClosed);
    await visible(dialog);
  });
});
