import { DESTINATION_TEXTS, ERRORS, GROUP_TEXTS, PROPOSAL_TEXTS, TOASTS, VALIDATION } from "@caravan/common";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { Group } from "../backend/src/db/entities/index.js";
import {
  PHONE,
  groupWithMember,
  horizontalOverflow,
  screenshot,
  shot,
  signUpViaApi,
  useE2E,
  type TestUser,
} from "./harness";
import { expectErrorBeneath, gone, holdAnswers, toast, visible } from "./ui";

const e2e = useE2E();

const planningGroupWith = (owner: TestUser, member: TestUser, name: string) =>
  groupWithMember(e2e(), owner, member, { name, status: "planning" });

const proposalCard = (page: Page, destination: string): Locator =>
  page.getByTestId("proposal").filter({ has: page.getByRole("heading", { name: destination }) });

async function expectTally(card: Locator, kind: "yes" | "no", count: number, names: string) {
  await expect.poll(async () => (await card.getByTestId(`tally-${kind}-count`).innerText()).trim()).toBe(String(count));
  await visible(card.getByTestId(`tally-${kind}`).getByText(names, { exact: true }));
}

describe("trip proposals", () => {
  it("a member proposes, both vote, the owner finalizes, and both pages show the active trip", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await planningGroupWith(owner, member, "Atlantic Coast Summer");
    const ownerPage = await e2e().signedInPage(owner);
    const memberPage = await e2e().signedInPage(member);
    await ownerPage.goto(`/groups/${groupId}`);
    await memberPage.goto(`/groups/${groupId}`);

    const memberSection = memberPage.getByTestId("proposals-section");
    const ownerSection = ownerPage.getByTestId("proposals-section");
    await visible(memberSection.getByRole("heading", { name: PROPOSAL_TEXTS.title }));
    await visible(ownerSection.getByText(PROPOSAL_TEXTS.empty, { exact: true }));

    // The member proposes Porto for a duration, after the form has refused an empty destination.
    await memberSection.getByRole("button", { name: PROPOSAL_TEXTS.propose }).click();
    const dialog = memberPage.getByTestId("propose-dialog");
    await visible(dialog.getByRole("heading", { name: PROPOSAL_TEXTS.dialogTitle }));
    await dialog.getByRole("button", { name: PROPOSAL_TEXTS.submit }).click();
    await expectErrorBeneath(dialog, PROPOSAL_TEXTS.destinationLabel, VALIDATION.destinationRequired);

    await dialog.getByRole("button", { name: PROPOSAL_TEXTS.searchDestination, exact: true }).click();
    const search = memberPage.getByTestId("destination-dialog");
    await search.getByLabel(DESTINATION_TEXTS.placeholder).fill("Porto");
    const porto = search.getByTestId("destination-results").getByRole("button").filter({ hasText: "Portugal" }).first();
    await visible(porto);
    await porto.click();
    await gone(search);
    expect(await dialog.getByLabel(PROPOSAL_TEXTS.destinationLabel, { exact: true }).inputValue()).toBe("Porto");
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
    await memberPage.setViewportSize({ width: 1280, height: 800 });

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

    // Both vote; each sees the other's vote arrive, and their own highlighted.
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
    await visible(ownerPorto.getByRole("button", { name: PROPOSAL_TEXTS.yes, exact: true, pressed: true }));
    await visible(memberPorto.getByRole("button", { name: PROPOSAL_TEXTS.yes, exact: true, pressed: true }));
    await shot(ownerSection, "proposals-section-desktop");
    await ownerPage.setViewportSize(PHONE);
    await shot(ownerSection, "proposals-section-phone");
    expect(await horizontalOverflow(ownerPage)).toBe(0);
    await ownerPage.setViewportSize({ width: 1280, height: 800 });

    await finalize.click();
    expect(await toast(ownerPage, PROPOSAL_TEXTS.finalizedTitle)).toContain(PROPOSAL_TEXTS.finalizedText);

    // Both pages: the section is gone, the trip is active and heads for Porto.
    for (const page of [ownerPage, memberPage]) {
      await gone(page.getByTestId("proposals-section"));
      await visible(page.getByRole("main").getByText(GROUP_TEXTS.status.active!, { exact: true }).first());
      await visible(page.getByRole("main").getByText("Porto", { exact: true }).first());
    }
    await shot(memberPage.getByRole("main"), "proposals-finalized-member-desktop");
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
