import { CHAT_TEXTS, GROUP_TEXTS, JOIN_TEXTS, VALIDATION } from "@caravan/common";
import { describe, expect, it } from "vitest";
import { groupWithMember, screenshot, signUpViaApi, useE2E } from "./harness";
import { dialog, expectErrorBeneath, visible } from "./ui";

const e2e = useE2E();

const MOBILE = { viewport: { width: 360, height: 720 }, isMobile: true, hasTouch: true };

/** The focused element's accessible label, or its tag. */
const focused = (page: import("playwright-core").Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const id = el?.id;
    const label = id ? document.querySelector(`label[for="${id}"]`)?.textContent : null;
    return label ?? el?.getAttribute("aria-label") ?? el?.tagName ?? "";
  });

const fieldErrors = (page: import("playwright-core").Page) =>
  page.evaluate(() => Array.from(document.querySelectorAll("[data-field-error]"), (e) => e.textContent).join(""));

describe("dialogs open ready to type, without errors", () => {
  it("the sign-in dialog reached through /api/login focuses the e-mail field and shows no error until it is left", async () => {
    const page = await e2e().newPage(MOBILE);
    await page.goto("/api/login?returnTo=%2F");
    const d = dialog(page);
    await visible(d.getByRole("heading", { name: "Sign In" }));
    await expect.poll(() => focused(page)).toBe("Email");
    expect(await fieldErrors(page)).toBe("");
    await screenshot(page, "polish-signin-focus-phone", false);
    await page.keyboard.press("Tab");
    await expectErrorBeneath(d, "Email", VALIDATION.invalidEmail);
  });

  it("the invite dialog focuses its empty e-mail field with no error beneath it", async () => {
    const owner = await signUpViaApi(e2e());
    const member = await signUpViaApi(e2e());
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Invite focus", status: "planning" });
    const page = await e2e().signedInPage(owner, MOBILE);
    await page.goto(`/groups/${groupId}`);
    await page.getByRole("button", { name: GROUP_TEXTS.inviteMore }).click();
    await visible(dialog(page));
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type))
      .toBe("email");
    expect(await fieldErrors(page)).toBe("");
  });
});

describe("group and invite pages", () => {
  it("a stranger is refused at once: the group is asked for once, not retried", async () => {
    const owner = await signUpViaApi(e2e());
    const member = await signUpViaApi(e2e());
    const stranger = await signUpViaApi(e2e());
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Private", status: "active" });
    const page = await e2e().signedInPage(stranger);
    let asked = 0;
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === `/api/groups/${groupId}`) asked += 1;
    });
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByRole("heading", { name: GROUP_TEXTS.accessDeniedTitle }));
    // Long enough for the first of the old retries (1 s later) to have gone out.
    await page.waitForTimeout(1500);
    expect(asked).toBe(1);
  });

  it("asks for the drawn group page's code first, and for the group once, when the room's subscription is answered", async () => {
    const owner = await signUpViaApi(e2e());
    const member = await signUpViaApi(e2e());
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Early", status: "active" });
    const page = await e2e().signedInPage(owner, MOBILE);
    const asked: ("group" | "page code")[] = [];
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (path === `/api/groups/${groupId}`) asked.push("group");
      else if (/^\/assets\/GroupRoute-[\w-]+\.js$/.test(path)) asked.push("page code");
    });
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByRole("heading", { level: 1, name: "Early" }));
    // The read follows the socket's subscription, which a slow machine answers later than a fixed wait.
    await expect.poll(() => asked.filter((a) => a === "group").length).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(1500);
    // The server drew this page, with the group in it: its script asks for the page's code first (rendered-boot.ts), and
    // the group is read again only as the page starts following it. A page the app draws itself asks for the group
    // before its code arrives (first-load.e2e.test.ts).
    expect(asked).toEqual(["page code", "group"]);
  });

  it("a member reopening an invite link is offered to open the group, not to join it again", async () => {
    const owner = await signUpViaApi(e2e());
    const member = await signUpViaApi(e2e());
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Old friends", status: "planning" });
    const ownerClient = e2e().app.client();
    await ownerClient.post("/api/auth/signin", { email: owner.email, password: owner.password });
    const link = await ownerClient.post(`/api/groups/${groupId}/invites/link`, {});
    const page = await e2e().signedInPage(member, MOBILE);
    await page.goto(`/join/${link.body.inviteToken}`);
    await visible(page.getByText(JOIN_TEXTS.alreadyMember, { exact: true }));
    expect(await page.getByRole("button", { name: JOIN_TEXTS.join }).count()).toBe(0);
    await screenshot(page, "polish-join-member-phone");
    await page.getByRole("link", { name: JOIN_TEXTS.openMemberGroup }).click();
    await visible(page.getByRole("heading", { level: 1, name: "Old friends" }));
  });

  it(
    "the group, join and shared-trip pages carry the user menu with Profile and Logout when signed in",
    { timeout: 120_000 },
    async () => {
      const owner = await signUpViaApi(e2e());
      const member = await signUpViaApi(e2e());
      const groupId = await groupWithMember(e2e(), owner, member, { name: "Menus", status: "active" });
      const ownerClient = e2e().app.client();
      await ownerClient.post("/api/auth/signin", { email: owner.email, password: owner.password });
      const link = await ownerClient.post(`/api/groups/${groupId}/invites/link`, {});
      const share = await ownerClient.post("/api/shared-trips", { durationHours: 2 });
      const page = await e2e().signedInPage(member);
      for (const path of [`/groups/${groupId}`, `/join/${link.body.inviteToken}`, `/shared/${share.body.shareToken}`]) {
        await page.goto(path);
        await page.getByRole("button", { name: "Open user menu" }).click();
        await visible(page.getByRole("menuitem", { name: "Profile" }));
        await visible(page.getByRole("menuitem", { name: "Logout" }));
        await page.keyboard.press("Escape");
      }
      await page.getByRole("button", { name: "Open user menu" }).click();
      await page.getByRole("menuitem", { name: "Profile" }).click();
      await visible(dialog(page).getByRole("heading", { name: "User Profile" }));

      const visitor = await e2e().newPage();
      await visitor.goto(`/shared/${share.body.shareToken}`);
      await visible(visitor.getByRole("heading", { level: 1 }));
      expect(await visitor.getByRole("button", { name: "Open user menu" }).count()).toBe(0);
    },
  );
});

describe("the map without a tile server", () => {
  it("names the towns around the members at the group zoom", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Maya", lastName: "Ramos" });
    const member = await signUpViaApi(e2e(), { firstName: "Li", lastName: "Wei" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Lake Annecy", status: "active" });
    for (const [user, at] of [
      [owner, { latitude: 45.8992, longitude: 6.1294 }],
      // North of the town: on a phone, the frame then puts a town's name where the zoom buttons are.
      [member, { latitude: 45.9237, longitude: 6.147 }],
    ] as const) {
      const client = e2e().app.client();
      await client.post("/api/auth/signin", { email: user.email, password: user.password });
      await client.post(`/api/groups/${groupId}/locations`, at);
    }
    // On a laptop, and on a phone, where the zoom buttons take a larger share of the map.
    for (const phone of [false, true]) {
      const page = await e2e().signedInPage(owner, phone ? MOBILE : {});
      await page.goto(`/groups/${groupId}`);
      const map = page.getByTestId("map");
      await expect
        .poll(() => map.locator(".caravan-place").count(), { timeout: 20_000 })
        .toBeGreaterThan(phone ? 1 : 3);
      // Towns of the lake's shore, under and around the two markers, once the map has framed them (it may start
      // before the members' locations have arrived).
      const shore = ["Annecy", "Annecy-le-Vieux", "Sévrier", "Seynod", "Veyrier-du-Lac"];
      await expect
        .poll(async () => (await map.locator(".caravan-place").allInnerTexts()).some((n) => shore.includes(n.trim())))
        .toBe(true);
      // No name covers a member's marker (Annecy's own name would sit under the owner's), or hides under the zoom
      // buttons or the credits.
      const covered = await map.evaluate((el) => {
        const boxes = (selector: string) => Array.from(el.querySelectorAll(selector), (e) => e.getBoundingClientRect());
        const markers = boxes(".leaflet-marker-pane .caravan-marker");
        const controls = boxes(".leaflet-control");
        const overlap = (a: DOMRect, b: DOMRect) =>
          a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
        return {
          markers: markers.length,
          controls: controls.length,
          covered: boxes(".caravan-place").filter((label) => markers.some((m) => overlap(label, m))).length,
          underControls: boxes(".caravan-place").filter((label) => controls.some((c) => overlap(label, c))).length,
        };
      });
      expect(covered).toEqual({ markers: 2, controls: 2, covered: 0, underControls: 0 });
      await visible(map.getByText("GeoNames"));
      await screenshot(page, `polish-map-places${phone ? "-phone" : ""}`, false);
    }
  });
});

describe("notes given with a location", () => {
  it("are shown to the other members, in the member list and in the marker's popup", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Maya", lastName: "Ramos" });
    const member = await signUpViaApi(e2e(), { firstName: "Li", lastName: "Wei" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Notes", status: "active" });
    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: owner.email, password: owner.password });
    await client.post(`/api/groups/${groupId}/locations`, {
      latitude: 45.8992,
      longitude: 6.1294,
      notes: "Blue van by the harbour gate",
    });
    const page = await e2e().signedInPage(member);
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByTestId("member-notes").getByText("Blue van by the harbour gate", { exact: false }));
    await page.getByTestId("map").locator(".caravan-marker").first().click();
    await visible(page.locator(".leaflet-popup").getByText("Blue van by the harbour gate", { exact: true }));
  });
});

describe("the group map's frame", () => {
  it("places a destination typed by hand, and shows the world, not a made-up place, when there is nothing", async () => {
    const owner = await signUpViaApi(e2e());
    const member = await signUpViaApi(e2e());
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Typed", status: "planning" });
    const page = await e2e().signedInPage(owner);
    await page.goto(`/groups/${groupId}`);
    const map = page.getByTestId("map");
    await visible(map.getByTestId("map-empty"));
    // The whole world in view: many countries named, not one city's surroundings.
    await expect.poll(() => map.locator(".caravan-country-label").count(), { timeout: 20_000 }).toBeGreaterThan(5);

    const client = e2e().app.client();
    await client.post("/api/auth/signin", { email: owner.email, password: owner.password });
    const proposal = await client.post(`/api/groups/${groupId}/proposals`, { destinationName: "Chamonix-Mont-Blanc" });
    await client.post(`/api/proposals/${proposal.body.id}/vote`, { vote: "yes" });
    expect((await client.post(`/api/groups/${groupId}/finalize/${proposal.body.id}`)).status).toBe(200);
    await page.reload();
    await expect.poll(() => map.getAttribute("data-markers"), { timeout: 15_000 }).toBe("1");
    expect(await map.getByTestId("map-empty").count()).toBe(0);
    await visible(map.getByRole("img", { name: "Chamonix-Mont-Blanc" }));
    // Close up, the country the destination is in is named inside the part of it in view.
    await expect
      .poll(() => map.locator(".caravan-country-label").allTextContents(), { timeout: 20_000 })
      .toContain("France");
  });
});

describe("the phone's keyboard", () => {
  it("shrinks the page rather than covering it, and the chat input stays in view above it", async () => {
    const owner = await signUpViaApi(e2e());
    const member = await signUpViaApi(e2e());
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Keyboard", status: "active" });
    const page = await e2e().signedInPage(owner, MOBILE);
    await page.goto(`/groups/${groupId}`);
    const viewport = await page.locator('meta[name="viewport"]').getAttribute("content");
    expect(viewport).toContain("interactive-widget=resizes-content");
    // Tapped once the page has loaded, as a person would: content still arriving could move the input afterwards.
    await visible(page.getByText(CHAT_TEXTS.empty, { exact: true }));
    await visible(page.getByTestId("group-locations"));
    await page.waitForLoadState("networkidle");
    const input = page.getByTestId("message-input");
    await input.focus();
    // The keyboard takes the lower 420 px: with resizes-content the layout viewport is what is left.
    await page.setViewportSize({ width: 360, height: 300 });
    await expect
      .poll(async () => {
        const box = await input.boundingBox();
        return box !== null && box.y >= -1 && box.y + box.height <= 301;
      })
      .toBe(true);
    await screenshot(page, "polish-keyboard-chat", false);
  });
});
