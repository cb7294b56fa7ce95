import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { groupWithMember, screenshot, shot, signUpViaApi, useE2E, type TestUser } from "./harness";
import { clippedTexts, coveredHeadings, offscreenElements, smallTouchTargets } from "./layout";
import { dialog, visible } from "./ui";

const e2e = useE2E();

/**
 * The narrowest phones in use, the most common Android widths, a large phone, and a laptop. Phones are emulated as
 * phones (a mobile layout viewport, touch); the laptop has a mouse, so its controls are not held to finger size.
 */
const WIDTHS = [320, 360, 375, 414, 1280] as const;
const isPhone = (width: number) => width < 1024;

interface World {
  owner: TestUser;
  member: TestUser;
  stranger: TestUser;
  groupId: number;
  inviteToken: string;
  shareToken: string;
}

/** A group with four members on the map around Annecy, chat, a proposal and a live shared trip: a page full of data. */
async function world(): Promise<World> {
  const owner = await signUpViaApi(e2e(), { firstName: "Maya", lastName: "Ramos" });
  const member = await signUpViaApi(e2e(), { firstName: "Jonathan", lastName: "Featherstonehaugh-Wellington" });
  const stranger = await signUpViaApi(e2e(), { firstName: "Sam", lastName: "Stranger" });
  const groupId = await groupWithMember(e2e(), owner, member, {
    name: "Alpine Lakes Road Trip around Annecy and Chamonix",
    status: "active",
  });
  const ownerClient = e2e().app.client();
  await ownerClient.post("/api/auth/signin", { email: owner.email, password: owner.password });
  const memberClient = e2e().app.client();
  await memberClient.post("/api/auth/signin", { email: member.email, password: member.password });
  await ownerClient.post(`/api/groups/${groupId}/locations`, {
    latitude: 45.8992,
    longitude: 6.1294,
    notes: "Blue van",
  });
  await memberClient.post(`/api/groups/${groupId}/locations`, { latitude: 45.9237, longitude: 6.147 });
  await memberClient.post(`/api/groups/${groupId}/messages`, {
    content: "Parking by the lake is full, meet at the old town bridge in twenty minutes, everyone!",
  });
  await ownerClient.post(`/api/groups/${groupId}/proposals`, {
    destinationName: "Chamonix-Mont-Blanc",
    durationHours: 48,
  });
  const link = await ownerClient.post(`/api/groups/${groupId}/invites/link`, {});
  const share = await ownerClient.post("/api/shared-trips", { durationHours: 4 });
  await ownerClient.post(`/api/shared-trips/${share.body.shareToken}/locations`, {
    latitude: 48.8606,
    longitude: 2.3376,
  });
  return {
    owner,
    member,
    stranger,
    groupId,
    inviteToken: link.body.inviteToken as string,
    shareToken: share.body.shareToken as string,
  };
}

async function openAt(width: number, user: TestUser | null): Promise<Page> {
  const touch = isPhone(width);
  const options = { viewport: { width, height: touch ? 720 : 800 }, isMobile: touch, hasTouch: touch };
  return user ? e2e().signedInPage(user, options) : e2e().newPage(options);
}

/** Nothing runs past either edge of the screen, and every control is big enough for a finger. */
async function expectFits(page: Page, width: number, name: string): Promise<void> {
  await screenshot(page, `responsive-${name}-${width}`);
  expect(await offscreenElements(page, width), `${name} at ${width} px`).toEqual([]);
  expect(await coveredHeadings(page), `headings of ${name} at ${width} px`).toEqual([]);
  if (isPhone(width)) expect(await smallTouchTargets(page), `touch targets of ${name} at ${width} px`).toEqual([]);
}

// One world for every screen: the pages below only look at it.
let w: World;
beforeAll(async () => {
  w = await world();
});

describe.each(WIDTHS)("at %i px, nothing runs off the screen and every control fits", (width) => {
  it("landing, and its sign-in dialog", async () => {
    const page = await openAt(width, null);
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1 }));
    await expectFits(page, width, "landing");
    await page.getByRole("button", { name: "Sign In" }).first().click();
    await visible(dialog(page));
    await expectFits(page, width, "landing-signin");
  });

  it("dashboard, and the profile dialog", async () => {
    const page = await openAt(width, w.owner);
    await page.goto("/");
    await visible(page.getByText("Welcome back, Maya!", { exact: true }));
    await visible(page.getByText("Alpine Lakes Road Trip around Annecy and Chamonix").first());
    await expectFits(page, width, "dashboard");
    await page.getByRole("button", { name: "Open user menu" }).click();
    await page.getByRole("menuitem", { name: "Profile" }).click();
    await visible(dialog(page));
    await expectFits(page, width, "profile");
  });

  it("group page with members, map and chat, and the invite dialog", async () => {
    const page = await openAt(width, w.owner);
    await page.goto(`/groups/${w.groupId}`);
    await visible(page.getByRole("heading", { level: 1, name: "Alpine Lakes Road Trip around Annecy and Chamonix" }));
    await visible(page.getByText("Parking by the lake is full", { exact: false }));
    await expect.poll(() => page.getByTestId("map").getAttribute("data-markers"), { timeout: 15_000 }).toBe("2");
    await expectFits(page, width, "group");
    // A long name is read whole, in Member Status and over a chat message, even beside the owner's Remove button.
    const names = await clippedTexts(page, "[data-testid=member-name], [data-testid=message-author]");
    expect(names, `names on the group page at ${width} px`).toEqual([]);
    expect(await page.getByText("Jonathan Featherstonehaugh-Wellington", { exact: true }).count()).toBe(2);
    await page.getByRole("button", { name: "Invite More" }).click();
    await visible(dialog(page));
    await expectFits(page, width, "group-invite");
  });

  it("join page", async () => {
    const page = await openAt(width, w.stranger);
    await page.goto(`/join/${w.inviteToken}`);
    await visible(page.getByRole("button", { name: "Join Group" }));
    await expectFits(page, width, "join");
  });

  it("shared-trip page", async () => {
    const page = await openAt(width, null);
    await page.goto(`/shared/${w.shareToken}`);
    await visible(page.getByRole("heading", { level: 1, name: "Maya Ramos's Location" }));
    await visible(page.getByTestId("share-address"));
    await expectFits(page, width, "shared");
  });

  it("access denied and not found", async () => {
    const denied = await openAt(width, w.stranger);
    await denied.goto(`/groups/${w.groupId}`);
    await visible(denied.getByText("Access Denied", { exact: true }));
    await expectFits(denied, width, "access-denied");

    const missing = await openAt(width, null);
    await missing.goto("/no/such/page");
    await visible(missing.getByRole("heading", { level: 1 }));
    await expectFits(missing, width, "not-found");
  });
});

describe("at 375 px", () => {
  it("overlapping member avatars leave every face's initials in view", async () => {
    const page = await openAt(375, w.owner);
    await page.goto(`/groups/${w.groupId}`);
    const stack = page.getByTestId("member-avatars").first();
    await expect
      .poll(() => stack.evaluate((root) => Array.from(root.children, (c) => c.textContent).join(" ")))
      .toBe("MR JF");
    await stack.scrollIntoViewIfNeeded();
    await shot(stack, "responsive-member-avatars-375");
    // Each face is drawn over the next (first on top): the next one's letters must start right of its edge.
    const covered = await stack.evaluate((root) => {
      const faces = Array.from(root.children) as HTMLElement[];
      const out: string[] = [];
      faces.forEach((face, i) => {
        if (i === 0) return;
        const text = document.createTreeWalker(face, NodeFilter.SHOW_TEXT).nextNode();
        if (!text) return;
        const range = document.createRange();
        range.selectNodeContents(text);
        const letters = range.getBoundingClientRect();
        const above = faces[i - 1]!.getBoundingClientRect();
        if (letters.left < above.right) out.push(`${face.textContent}: ${above.right - letters.left}px hidden`);
      });
      return out;
    });
    expect(covered).toEqual([]);
  });
});
