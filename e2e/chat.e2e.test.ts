import { CHAT_TEXTS, CHECKLIST_TEXTS, MESSAGES_PAGE_SIZE, TOASTS, VALIDATION } from "@caravan/common";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GroupMembership, GroupMessage, User } from "../backend/src/db/entities/index.js";
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
import { keptQuery } from "./device";
import { expectErrorBeneath, gone, holdAnswers, toast, visible } from "./ui";

const e2e = useE2E();

const groupWith = (owner: TestUser, member: TestUser, name: string) =>
  groupWithMember(e2e(), owner, member, { name, status: "active" });

const panel = (page: Page) => page.getByTestId("messages-panel");
const contents = (page: Page) => panel(page).getByTestId("message-content").allInnerTexts();

async function send(page: Page, text: string) {
  const input = panel(page).getByLabel(CHAT_TEXTS.inputLabel, { exact: true });
  await input.fill(text);
  await input.press("Enter");
}

describe("group chat", () => {
  it("shows one member's messages to the other live, as plain text, with Enter and Shift+Enter", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await groupWith(owner, member, "Road to Santiago");
    const ownerPage = await e2e().signedInPage(owner);
    const memberPage = await e2e().signedInPage(member);
    await ownerPage.goto(`/groups/${groupId}`);
    await memberPage.goto(`/groups/${groupId}`);
    await visible(panel(memberPage).getByText(CHAT_TEXTS.empty, { exact: true }));
    await visible(panel(ownerPage).getByText(CHAT_TEXTS.empty, { exact: true }));

    await send(ownerPage, "Meet at the <b>albergue</b> at 7?");
    const arrived = panel(memberPage).getByTestId("message").filter({ hasText: "albergue" });
    await visible(arrived);
    expect(await arrived.getAttribute("data-own")).toBe("false");
    expect(await arrived.getByTestId("message-author").innerText()).toBe("Olga Owner");
    expect(await arrived.getByTestId("message-content").innerText()).toBe("Meet at the <b>albergue</b> at 7?");
    expect(await panel(memberPage).locator("b").count()).toBe(0);
    const own = panel(ownerPage).getByTestId("message").filter({ hasText: "albergue" });
    expect(await own.getAttribute("data-own")).toBe("true");
    expect(await own.getByTestId("message-author").innerText()).toBe(CHAT_TEXTS.you);
    // The sender got it twice (reply and event) and shows it once.
    expect(await contents(ownerPage)).toEqual(["Meet at the <b>albergue</b> at 7?"]);

    // Shift+Enter is a new line; Enter sends.
    const input = panel(memberPage).getByLabel(CHAT_TEXTS.inputLabel, { exact: true });
    await input.fill("Works for me.");
    await input.press("Shift+Enter");
    await input.type("Bringing coffee");
    expect(await input.inputValue()).toBe("Works for me.\nBringing coffee");
    await input.press("Enter");
    await expect
      .poll(() => contents(ownerPage))
      .toEqual(["Meet at the <b>albergue</b> at 7?", "Works for me.\nBringing coffee"]);
    expect(await input.inputValue()).toBe("");

    // Blank messages are not sent.
    let posts = 0;
    memberPage.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith(`/api/groups/${groupId}/messages`)) posts += 1;
    });
    await input.fill("   \n  ");
    await input.press("Enter");
    expect(await panel(memberPage).getByRole("button", { name: CHAT_TEXTS.send }).isDisabled()).toBe(true);
    await send(memberPage, "Buen Camino!");
    await expect.poll(() => contents(ownerPage)).toHaveLength(3);
    expect(posts).toBe(1);

    await screenshot(memberPage, "chat-panel-desktop");
    await shot(panel(memberPage), "chat-panel-only-desktop");

    // On a phone the panel is far down the page: a message arriving meanwhile lights the red dot. The member is
    // reading, not typing: with the focus in the composer, a resize brings the composer back into view (a phone's
    // keyboard opening), whenever the browser gets round to telling the page.
    await input.blur();
    await memberPage.setViewportSize(PHONE);
    await memberPage.evaluate(() => window.scrollTo(0, 0));
    // The panel learns it left the view from an IntersectionObserver, as late as a loaded machine makes it: send
    // only once an observer like the panel's own (same threshold, same document, so told in the same task) says so,
    // and a frame after that for the panel to draw what it was told.
    await panel(memberPage).evaluate(
      (element) =>
        new Promise<void>((resolve) => {
          const observer = new IntersectionObserver(
            ([entry]) => {
              if (entry?.isIntersecting) return;
              observer.disconnect();
              requestAnimationFrame(() => setTimeout(resolve, 0));
            },
            { threshold: 0.2 },
          );
          observer.observe(element);
        }),
    );
    await send(ownerPage, "Leaving the hostel now");
    await visible(panel(memberPage).getByTestId("new-message-dot"));
    await panel(memberPage).scrollIntoViewIfNeeded();
    await visible(panel(memberPage).getByText("Leaving the hostel now"));
    await gone(panel(memberPage).getByTestId("new-message-dot"));
    await shot(panel(memberPage), "chat-panel-phone");
    expect(await horizontalOverflow(memberPage)).toBe(0);

    // A refused message says so, and what was typed is given back.
    const memberRow = await e2e().app.db.getRepository(User).findOneByOrFail({ email: member.email });
    await e2e().app.db.getRepository(GroupMembership).delete({ groupId, userId: memberRow.id });
    await send(memberPage, "Is anyone there?");
    expect(await toast(memberPage, TOASTS.errorTitle)).toContain(CHAT_TEXTS.sendFailed);
    expect(await input.inputValue()).toBe("Is anyone there?");
  });

  it("loads older pages when scrolled to the top, and keeps the reader's place when new ones arrive", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await groupWith(owner, member, "Long Conversation");
    const ownerRow = await e2e().app.db.getRepository(User).findOneByOrFail({ email: owner.email });
    const total = MESSAGES_PAGE_SIZE + 7;
    for (let i = 1; i <= total; i++) {
      await e2e()
        .app.db.getRepository(GroupMessage)
        .save({ groupId, userId: ownerRow.id, content: `Note ${i}` });
    }
    const page = await e2e().signedInPage(member);
    await page.goto(`/groups/${groupId}`);
    await visible(panel(page).getByText(`Note ${total}`, { exact: true }));
    expect(await panel(page).getByTestId("message").count()).toBe(MESSAGES_PAGE_SIZE);
    expect(await panel(page).getByText("Note 1", { exact: true }).count()).toBe(0);

    await panel(page)
      .getByTestId("message-list")
      .evaluate((el) => el.scrollTo({ top: 0 }));
    await visible(panel(page).getByText("Note 1", { exact: true }));
    await visible(panel(page).getByText(CHAT_TEXTS.beginning, { exact: true }));
    expect(await panel(page).getByTestId("message").count()).toBe(total);
    // What the reader was looking at stays put: the oldest message of the first page is still at the top of the list,
    // the older ones went in above it, out of view, and the newest message is still far below.
    const listBox = await panel(page).getByTestId("message-list").boundingBox();
    const firstLoadedBox = await panel(page)
      .getByText(`Note ${total - MESSAGES_PAGE_SIZE + 1}`, { exact: true })
      .boundingBox();
    expect(firstLoadedBox!.y).toBeGreaterThanOrEqual(listBox!.y - 1);
    expect(firstLoadedBox!.y).toBeLessThan(listBox!.y + listBox!.height / 2);
    const note1Box = await panel(page).getByText("Note 1", { exact: true }).boundingBox();
    expect(note1Box!.y + note1Box!.height).toBeLessThanOrEqual(listBox!.y);
    const newestBox = await panel(page).getByText(`Note ${total}`, { exact: true }).boundingBox();
    expect(newestBox!.y).toBeGreaterThan(listBox!.y + listBox!.height);

    // A message arriving while the reader is up there does not pull them down; a button offers the way back.
    const scrollTop = () =>
      panel(page)
        .getByTestId("message-list")
        .evaluate((el) => el.scrollTop);
    const readingAt = await scrollTop();
    const ownerClient = e2e().app.client();
    await ownerClient.post("/api/auth/signin", { email: owner.email, password: owner.password });
    await ownerClient.post(`/api/groups/${groupId}/messages`, { content: "Dinner at eight", messageType: "text" });
    const jump = panel(page).getByRole("button", { name: CHAT_TEXTS.newMessages });
    await visible(jump);
    expect(await scrollTop()).toBe(readingAt);
    await jump.click();
    await gone(jump);
    await expect
      .poll(async () => {
        const box = await panel(page).getByText("Dinner at eight", { exact: true }).boundingBox();
        return box !== null && box.y + box.height <= listBox!.y + listBox!.height;
      })
      .toBe(true);
  });
});

describe("a deleted account's messages", () => {
  /** The chat's messages kept on the device for reading offline. */
  const keptMessages = async (page: Page, groupId: number) => {
    const chat = (await keptQuery(page, ["messages", groupId])) as
      { pages: { messages: { content: string }[] }[] } | undefined;
    return chat?.pages.flatMap((p) => p.messages.map((m) => m.content)) ?? null;
  };

  it("vanish from the other members' open pages at once, and from what their devices keep", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const leaving = await signUpViaApi(e2e(), { firstName: "Dora", lastName: "Deleted" });
    const groupId = await groupWith(owner, member, "Via Francigena");
    const ownerClient = e2e().app.client();
    await ownerClient.post("/api/auth/signin", { email: owner.email, password: owner.password });
    const link = await ownerClient.post(`/api/groups/${groupId}/invites/link`, {});
    const leavingClient = e2e().app.client();
    await leavingClient.post("/api/auth/signin", { email: leaving.email, password: leaving.password });
    expect((await leavingClient.post(`/api/invites/${link.body.inviteToken}/accept`)).status).toBe(200);
    await ownerClient.post(`/api/groups/${groupId}/messages`, { content: "Lucca by noon" });
    await leavingClient.post(`/api/groups/${groupId}/messages`, { content: "I will bring the maps" });
    await leavingClient.post(`/api/groups/${groupId}/messages`, { content: "And the first-aid kit" });

    const page = await e2e().signedInPage(member);
    await page.goto(`/groups/${groupId}`);
    await visible(panel(page).getByText("And the first-aid kit"));
    await expect.poll(() => keptMessages(page, groupId)).toContain("I will bring the maps");

    const res = await leavingClient.request("DELETE", "/api/auth/user", { password: leaving.password });
    expect(res.status).toBe(204);
    // The open page drops them without a reload; the others' messages stay.
    await gone(panel(page).getByText("I will bring the maps"));
    await gone(panel(page).getByText("And the first-aid kit"));
    expect(await contents(page)).toEqual(["Lucca by noon"]);
    await expect.poll(() => keptMessages(page, groupId)).toEqual(["Lucca by noon"]);
  });
});

describe("checklists", () => {
  it("creates a checklist and items; a tick and a deletion show for the other member live", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await groupWith(owner, member, "Island Hopping");
    const ownerPage = await e2e().signedInPage(owner);
    const memberPage = await e2e().signedInPage(member);
    await ownerPage.goto(`/groups/${groupId}`);
    await memberPage.goto(`/groups/${groupId}`);

    await panel(memberPage).getByRole("button", { name: CHAT_TEXTS.checklists }).click();
    const memberDialog = memberPage.getByTestId("checklists-dialog");
    await visible(memberDialog.getByRole("heading", { name: CHECKLIST_TEXTS.title }));
    await visible(memberDialog.getByText(CHECKLIST_TEXTS.empty, { exact: true }));
    await screenshot(memberPage, "checklists-empty-desktop", false);

    await memberDialog.getByRole("button", { name: CHECKLIST_TEXTS.newChecklist }).click();
    await memberDialog.getByLabel(CHECKLIST_TEXTS.titleLabel, { exact: true }).fill("   ");
    await memberDialog.getByRole("button", { name: CHECKLIST_TEXTS.create }).click();
    await expectErrorBeneath(memberDialog, CHECKLIST_TEXTS.titleLabel, VALIDATION.checklistTitleRequired);
    await memberDialog.getByLabel(CHECKLIST_TEXTS.titleLabel, { exact: true }).fill("  Packing list  ");
    await memberDialog
      .getByLabel(CHECKLIST_TEXTS.descriptionLabel, { exact: true })
      .fill("Everything for the ferry days");
    await memberDialog.getByRole("button", { name: CHECKLIST_TEXTS.create }).click();
    await toast(memberPage, CHECKLIST_TEXTS.created);
    const memberList = memberDialog.getByTestId("checklist").filter({ hasText: "Packing list" });
    await visible(memberList.getByRole("heading", { name: "Packing list", exact: true }));

    const addItem = memberList.getByLabel(CHECKLIST_TEXTS.addItemLabel, { exact: true });
    await addItem.fill("   ");
    expect(await memberList.getByRole("button", { name: CHECKLIST_TEXTS.addItem, exact: true }).isDisabled()).toBe(
      true,
    );
    for (const text of ["Passports", "Sunscreen", "Ferry tickets"]) {
      await addItem.fill(text);
      await addItem.press("Enter");
      await visible(memberList.getByTestId("checklist-item").filter({ hasText: text }));
    }
    await toast(memberPage, CHECKLIST_TEXTS.itemAdded);

    // The owner opens the dialog and sees it all; the member's tick then arrives live.
    await panel(ownerPage).getByRole("button", { name: CHAT_TEXTS.checklists }).click();
    const ownerList = ownerPage
      .getByTestId("checklists-dialog")
      .getByTestId("checklist")
      .filter({ hasText: "Packing list" });
    await visible(ownerList.getByText("Everything for the ferry days", { exact: true }));
    const ownerPassports = ownerList.getByTestId("checklist-item").filter({ hasText: "Passports" });
    expect(await ownerPassports.getAttribute("data-completed")).toBe("false");

    await memberList.getByTestId("checklist-item").filter({ hasText: "Passports" }).getByText("Passports").click();
    await expect.poll(() => ownerPassports.getAttribute("data-completed")).toBe("true");
    await visible(ownerPassports.getByText(CHECKLIST_TEXTS.completedBy("Milo"), { exact: true }));
    await visible(ownerList.getByText(CHECKLIST_TEXTS.progress(1, 3), { exact: true }));
    await screenshot(ownerPage, "checklists-dialog-desktop", false);

    // Unticking clears who did it.
    await ownerPassports.getByText("Passports").click();
    const memberPassports = memberList.getByTestId("checklist-item").filter({ hasText: "Passports" });
    await expect.poll(() => memberPassports.getAttribute("data-completed")).toBe("false");
    await ownerPassports.getByText("Passports").click();
    await expect.poll(() => memberPassports.getAttribute("data-completed")).toBe("true");

    // The owner deletes an item, after confirming; it disappears for the member.
    const sunscreen = ownerList.getByTestId("checklist-item").filter({ hasText: "Sunscreen" });
    await sunscreen.getByRole("button", { name: `${CHECKLIST_TEXTS.deleteItem}: Sunscreen` }).click();
    const confirmItem = ownerList.getByRole("alertdialog", { name: CHECKLIST_TEXTS.confirmDeleteItem("Sunscreen") });
    await visible(confirmItem);
    await ownerPage.setViewportSize(PHONE);
    await screenshot(ownerPage, "checklists-dialog-phone", false);
    expect(await horizontalOverflow(ownerPage)).toBe(0);
    await confirmItem.getByRole("button", { name: CHECKLIST_TEXTS.confirm }).click();
    await toast(ownerPage, CHECKLIST_TEXTS.itemDeleted);
    await gone(memberList.getByTestId("checklist-item").filter({ hasText: "Sunscreen" }));

    // And the whole checklist.
    await ownerList.getByRole("button", { name: CHECKLIST_TEXTS.deleteChecklist }).click();
    await ownerList
      .getByRole("alertdialog", { name: CHECKLIST_TEXTS.confirmDeleteChecklist("Packing list") })
      .getByRole("button", { name: CHECKLIST_TEXTS.confirm })
      .click();
    await toast(ownerPage, CHECKLIST_TEXTS.deleted);
    await visible(memberDialog.getByText(CHECKLIST_TEXTS.empty, { exact: true }));
  });

  it("a tick's answer that arrives after another member's tick was pushed does not undo that tick", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await groupWith(owner, member, "Slow Answer Islands");
    const ownerClient = e2e().app.client();
    await ownerClient.post("/api/auth/signin", { email: owner.email, password: owner.password });
    const created = await ownerClient.post(`/api/groups/${groupId}/checklists`, { title: "Packing list" });
    expect(created.status).toBe(201);
    let items: { id: number; text: string }[] = [];
    for (const text of ["Passports", "Tickets"]) {
      items = (await ownerClient.post(`/api/checklists/${created.body.id}/items`, { text })).body.items;
    }
    const page = await e2e().signedInPage(member);
    await page.goto(`/groups/${groupId}`);
    await panel(page).getByRole("button", { name: CHAT_TEXTS.checklists }).click();
    const list = page.getByTestId("checklists-dialog").getByTestId("checklist").filter({ hasText: "Packing list" });
    const item = (text: string) => list.getByTestId("checklist-item").filter({ hasText: text });
    await visible(item("Tickets"));

    // The member's answer is held (a phone's slow connection) until the owner's tick has reached the page.
    const answer = await holdAnswers(page, "**/api/checklist-items/*/toggle");
    await item("Passports").getByText("Passports").click();
    const tickets = items.find((i) => i.text === "Tickets")!;
    const toggled = await ownerClient.put(`/api/checklist-items/${tickets.id}/toggle`, { completed: true });
    expect(toggled.status).toBe(200);
    await expect.poll(() => item("Tickets").getAttribute("data-completed")).toBe("true");
    await answer.release();
    // The answer carries the list from before the owner's tick: the page keeps the newer one.
    await page.waitForTimeout(500);
    expect(await item("Tickets").getAttribute("data-completed")).toBe("true");
    expect(await item("Passports").getAttribute("data-completed")).toBe("true");
  });
});
