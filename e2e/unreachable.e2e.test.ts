/**
 * The browser says it is online but Caravan's server cannot be reached: a hotel's captive portal answering every
 * request with its own page, a tunnel, a server restarting (docs/decisions/0014-offline-and-install.md). Pages that
 * have a copy kept on the device show it under the "showing data from" banner, never the 404 page; pages without one
 * say so. Also: the dashboard's kept copy includes a group joined by link.
 */
import { GROUP_TEXTS, JOIN_TEXTS, OFFLINE_COPY_TEXTS } from "@caravan/common";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  groupWithMember,
  horizontalOverflow,
  screenshot,
  signUpViaApi,
  useE2E,
  type TestUser,
} from "./harness";
import { controlledByServiceWorker, keptKeys, keptQuery } from "./device";
import { gone, visible } from "./ui";

const e2e = useE2E();

const NOT_FOUND = "404 Page Not Found";

const PORTAL_PAGE =
  "<!doctype html><html><head><title>Hotel Wi-Fi</title></head><body><h1>Welcome to Hotel Wi-Fi</h1>" +
  "<p>Accept the terms to get online.</p><form method=post action=/hotel-wifi/accept><button>Accept</button></form>" +
  "</body></html>";

type Failure = "refused" | "portal";

/**
 * Makes the server unreachable for `context` while the browser stays online: every API call and the socket fail.
 * `refused`: connections are refused (a server restarting). `portal`: a captive portal answers every request with
 * its own HTML page, the session probe by a redirect to its login page.
 */
async function cutOff(context: BrowserContext, failure: Failure): Promise<() => Promise<void>> {
  const api = /\/(api|socket\.io)\/|\/hotel-wifi/;
  await context.route(api, (route) => {
    if (failure === "refused") return route.abort("connectionrefused");
    const url = new URL(route.request().url());
    if (url.pathname === "/api/auth/user") {
      return route.fulfill({ status: 302, headers: { location: "/hotel-wifi/login" } });
    }
    return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: PORTAL_PAGE });
  });
  await context.routeWebSocket(/\/socket\.io\//, (ws) => ws.close());
  return async () => {
    await context.unroute(api);
    await context.unrouteAll();
  };
}

/**
 * The requests the test itself cut off are logged by Chromium as failed loads and failed WebSocket connections:
 * those are the test's doing, not the page's errors. Anything else the page logs still fails the test.
 */
function forgiveCutOffRequests(): void {
  const errors = e2e().errors;
  const cut = (e: (typeof errors)[number]) =>
    e.kind === "console" &&
    ((/^Failed to load resource: net::ERR_/.test(e.text) && /\/(api|socket\.io)\//.test(e.url ?? "")) ||
      /^WebSocket connection to '.*\/socket\.io\/.*' failed/.test(e.text));
  const kept = errors.filter((e) => !cut(e));
  errors.splice(0, errors.length, ...kept);
}

async function signedInClient(user: TestUser) {
  const client = e2e().app.client();
  await client.post("/api/auth/signin", { email: user.email, password: user.password });
  return client;
}

const banner = (page: Page) => page.getByTestId("offline-banner");
const groupHeading = (page: Page, name: string) => page.getByRole("heading", { level: 1, name });
const dashboardHeading = (page: Page) => page.getByRole("heading", { level: 1, name: GROUP_TEXTS.dashboardTitle });

async function expectNoNotFound(page: Page): Promise<void> {
  expect(await page.getByText(NOT_FOUND).count()).toBe(0);
  expect(await page.getByText(GROUP_TEXTS.notFoundTitle).count()).toBe(0);
}

describe("the server unreachable while the browser is online", () => {
  it("a reload of the second group, first opened from the dashboard, shows its kept copy, then the dashboard's", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const first = await groupWithMember(e2e(), owner, member, { name: "Lisbon Loop", status: "active" });
    const second = await groupWithMember(e2e(), owner, member, { name: "Porto Wine Route", status: "active" });
    const unvisited = await groupWithMember(e2e(), owner, member, { name: "Algarve Coast", status: "active" });
    const ownerClient = await signedInClient(owner);
    await ownerClient.post(`/api/groups/${second}/messages`, { content: "Cellar tour at eleven" });

    const page = await e2e().signedInPage(member);
    await page.goto("/");
    await visible(dashboardHeading(page));
    await controlledByServiceWorker(page);
    // Both groups opened from the dashboard, by the app's own navigation: the server never drew their pages.
    await page.locator(`a[href="/groups/${first}"]`).click();
    await visible(groupHeading(page, "Lisbon Loop"));
    await page.getByRole("link", { name: "Caravan home" }).click();
    await visible(dashboardHeading(page));
    await page.locator(`a[href="/groups/${second}"]`).click();
    await visible(groupHeading(page, "Porto Wine Route"));
    await visible(page.getByText("Cellar tour at eleven"));
    await expect
      .poll(() => keptKeys(page))
      .toEqual(
        expect.arrayContaining([
          `["groups","list"]`,
          `["groups","detail",${first}]`,
          `["groups","detail",${second}]`,
          `["messages",${second}]`,
        ]),
      );

    await cutOff(page.context(), "refused");
    await page.reload();
    await visible(groupHeading(page, "Porto Wine Route"));
    await visible(page.getByText("Cellar tour at eleven"));
    await visible(page.getByTestId("member-status").getByText("Olga Owner"));
    await visible(banner(page));
    expect((await banner(page).innerText()).trim()).toMatch(/showing data from \S/);
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expectNoNotFound(page);

    // From there, the app's own navigation reads the kept dashboard and the other kept group.
    await page.getByRole("link", { name: "Caravan home" }).click();
    await visible(dashboardHeading(page));
    await visible(page.getByText("Lisbon Loop"));
    await visible(banner(page));
    await page.locator(`a[href="/groups/${first}"]`).click();
    await visible(groupHeading(page, "Lisbon Loop"));
    await visible(banner(page));

    // A group never opened on this device has no copy: the page says so, it is not "not found".
    await page.goto(`/groups/${unvisited}`);
    await visible(page.getByText(OFFLINE_COPY_TEXTS.noCopy));
    await expectNoNotFound(page);
    await screenshot(page, "unreachable-no-copy-1280", false);
    await page.setViewportSize({ width: 320, height: 640 });
    await screenshot(page, "unreachable-no-copy-320", false);
    expect(await horizontalOverflow(page)).toBe(0);
    await page.setViewportSize(DESKTOP);

    // The dashboard reloaded: its kept copy, not the landing page.
    await page.goto("/");
    await visible(dashboardHeading(page));
    await visible(page.getByText("Porto Wine Route"));
    await visible(banner(page));
    forgiveCutOffRequests();
  });

  it("a captive portal's HTML answers are a failure to reach the server, and the page is live again after it", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Danube Cycle Path", status: "active" });
    const ownerClient = await signedInClient(owner);
    await ownerClient.post(`/api/groups/${groupId}/messages`, { content: "Ferry from Passau at nine" });

    const page = await e2e().signedInPage(member);
    await page.goto(`/groups/${groupId}`);
    await visible(groupHeading(page, "Danube Cycle Path"));
    await visible(page.getByText("Ferry from Passau at nine"));
    await controlledByServiceWorker(page);
    await expect
      .poll(() => keptKeys(page))
      .toEqual(expect.arrayContaining([`["groups","detail",${groupId}]`, `["messages",${groupId}]`]));

    const restore = await cutOff(page.context(), "portal");
    await page.reload();
    await visible(groupHeading(page, "Danube Cycle Path"));
    await visible(page.getByText("Ferry from Passau at nine"));
    await visible(banner(page));
    expect((await banner(page).innerText()).trim()).toMatch(/showing data from \S/);
    await expectNoNotFound(page);
    // The portal's page is never taken for data: nothing of it shows.
    expect(await page.getByText("Welcome to Hotel Wi-Fi").count()).toBe(0);

    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, "unreachable-group-1280");
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 780 });
      await screenshot(page, `unreachable-group-${width}`);
      expect(await horizontalOverflow(page)).toBe(0);
    }
    await page.getByRole("link", { name: "Caravan home" }).click();
    await visible(dashboardHeading(page));
    await visible(page.getByText("Danube Cycle Path"));
    await visible(banner(page));
    for (const width of [320, 360]) {
      await page.setViewportSize({ width, height: 780 });
      await screenshot(page, `unreachable-dashboard-${width}`);
      expect(await horizontalOverflow(page)).toBe(0);
    }
    await page.setViewportSize(DESKTOP);
    await screenshot(page, "unreachable-dashboard-1280");

    // The portal lets the traveller through: the page finds the server again by itself, and is live.
    await restore();
    await gone(banner(page));
    await page.locator(`a[href="/groups/${groupId}"]`).click();
    await visible(groupHeading(page, "Danube Cycle Path"));
    await ownerClient.post(`/api/groups/${groupId}/messages`, { content: "Through the portal at last" });
    await visible(page.getByText("Through the portal at last"));
    forgiveCutOffRequests();
  });
});

/** A traveller with an account, and a link to join a new group that another one made. */
async function inviteLink(groupName: string): Promise<{ member: TestUser; token: string }> {
  const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
  const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
  const ownerClient = await signedInClient(owner);
  const group = await ownerClient.post("/api/groups", { name: groupName, status: "active" });
  const link = await ownerClient.post(`/api/groups/${group.body.id}/invites/link`, {});
  return { member, token: link.body.inviteToken as string };
}

describe("the dashboard's kept copy", () => {
  it("includes a group joined by link after the dashboard was last read", async () => {
    const { member, token } = await inviteLink("Tatra Hut to Hut");

    const page = await e2e().signedInPage(member);
    // The dashboard read before joining: no groups yet, and that is what the device keeps of it.
    await page.goto("/");
    await visible(page.getByText(GROUP_TEXTS.emptyTitle));
    await expect.poll(() => keptKeys(page)).toContain(`["groups","list"]`);
    await page.goto(`/join/${token}`);
    await page.getByRole("button", { name: JOIN_TEXTS.join }).click();
    await visible(page.getByText(JOIN_TEXTS.joined));
    // The join page goes on to the group's page by itself.
    await visible(groupHeading(page, "Tatra Hut to Hut"));
    await controlledByServiceWorker(page);
    await expect
      .poll(async () =>
        ((await keptQuery(page, ["groups", "list"])) as { name: string }[] | undefined)?.map((g) => g.name),
      )
      .toEqual(["Tatra Hut to Hut"]);

    await page.context().setOffline(true);
    await page.goto("/");
    await visible(dashboardHeading(page));
    await visible(page.getByText("Tatra Hut to Hut"));
    await visible(banner(page));
    expect(await page.getByText(GROUP_TEXTS.emptyTitle).count()).toBe(0);
  });

  it("offline without a kept list, says there is no copy rather than that there are no groups", async () => {
    const { member, token } = await inviteLink("Rila Lakes");

    // Signed in, but only the invite was ever opened on this device: who is signed in is kept, no dashboard.
    const page = await e2e().signedInPage(member);
    await page.goto(`/join/${token}`);
    await visible(page.getByRole("button", { name: JOIN_TEXTS.join }));
    await controlledByServiceWorker(page);
    await expect.poll(() => keptKeys(page)).toContain(`["auth","user"]`);
    expect(await keptKeys(page)).not.toContain(`["groups","list"]`);

    await page.context().setOffline(true);
    await page.goto("/");
    await visible(dashboardHeading(page));
    await visible(page.getByText(OFFLINE_COPY_TEXTS.noCopy));
    expect(await page.getByText(GROUP_TEXTS.emptyTitle).count()).toBe(0);
  });
});
