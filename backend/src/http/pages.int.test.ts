import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_STATE_ID, type DashboardPageData, type GroupPageData, type SharedTripPageData } from "@caravan/common";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../test/harness.js";

/**
 * The server's part of a server-rendered page: which data it renders from, what it sends, and what it never does
 * (count a view, render a share that does not exist). The rendering itself is the frontend's module
 * (frontend/src/app/server-render.test.tsx, e2e/shared-trips.e2e.test.ts); here a stand-in module in its place echoes
 * what it was given, so that the test reads exactly what the server passed.
 */
const SHELL = `<!doctype html><html><head><title>app shell</title></head><body><div id="root"></div></body></html>`;
/** The build's page for server-rendered pages: the app's head with the small script that loads the app once painted. */
const RENDERED = `<!doctype html><html><head><title>app shell</title><script type="module" src="/assets/rendered-boot.js"></script></head><body><div id="root"></div></body></html>`;

const STAND_IN = `
globalThis.caravanRenderingModuleLoads = (globalThis.caravanRenderingModuleLoads ?? 0) + 1;
let calls = 0;
export function renderSharedTrip(token, data) {
  calls += 1;
  return {
    markup: "<h1>" + data.info.sharer.firstName.replace(/</g, "&lt;") + "</h1><p>rendered " + calls + "</p>",
    title: data.info.sharer.firstName + "'s Location · Caravan",
    state: { token, data },
  };
}
export function renderGroupPage(groupId, data) {
  calls += 1;
  return {
    markup: "<h1>" + data.group.name.replace(/</g, "&lt;") + "</h1><p>rendered " + calls + "</p>",
    styles: '<style data-emotion="css g1" data-s="">.css-g1{color:$&}</style>',
    title: data.group.name + " · Caravan",
    state: { groupId, data },
  };
}
export function renderDashboard(data) {
  calls += 1;
  return {
    markup: "<h1>Welcome back, " + data.user.firstName.replace(/</g, "&lt;") + "</h1><p>rendered " + calls + "</p>",
    title: "Your Travel Groups · Caravan",
    state: { data },
    renderedAt: 1764300000000,
  };
}
export function renderPage(page, params, data) {
  if (page === "sharedTrip") return renderSharedTrip(params.token, data);
  if (page === "group") return renderGroupPage(Number(params.id), data);
  return renderDashboard(data);
}
`;

let app: TestApp;
let root: string;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-pages-"));
  fs.mkdirSync(path.join(root, "dist"));
  fs.mkdirSync(path.join(root, "dist-server"));
  fs.writeFileSync(path.join(root, "dist", "index.html"), SHELL);
  fs.writeFileSync(path.join(root, "dist", "rendered.html"), RENDERED);
  fs.writeFileSync(path.join(root, "dist-server", "server-render.js"), STAND_IN);
  app = await startTestApp({
    STATIC_DIR: path.join(root, "dist"),
    PAGE_RENDERER: path.join(root, "dist-server", "server-render.js"),
  });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const page = (urlPath: string, headers: Record<string, string> = {}) =>
  fetch(new URL(urlPath, app.url), { headers: { accept: "text/html", ...headers }, redirect: "manual" });

/** The reads the page was rendered from, as the server wrote them into it. */
function stateOf<T = { token: string; data: SharedTripPageData }>(html: string): T {
  const match = new RegExp(`<script type="application/json" id="${SERVER_STATE_ID}">(.*?)</script>`, "s").exec(html);
  expect(match, "the page carries its reads").not.toBeNull();
  return JSON.parse(match![1]!) as T;
}

async function liveShare(sharer: BuiltUser): Promise<{ id: number; token: string }> {
  const res = await sharer.client.post("/api/shared-trips", { durationHours: 2 });
  expect(res.status).toBe(201);
  const token = res.body.shareToken as string;
  const posted = await sharer.client.post(`/api/shared-trips/${token}/locations`, {
    latitude: 48.8606,
    longitude: 2.3376,
    notes: "By the pyramid",
  });
  expect(posted.status).toBe(201);
  return { id: res.body.id, token };
}

const viewsOf = async (sharer: BuiltUser, id: number): Promise<number> =>
  ((await sharer.client.get("/api/shared-trips")).body as Array<{ id: number; views: number }>).find(
    (t) => t.id === id,
  )!.views;

describe("the rendering module", () => {
  it("is loaded as the server starts, before any page is asked for, so the first page rendered does not wait for it", () => {
    expect((globalThis as { caravanRenderingModuleLoads?: number }).caravanRenderingModuleLoads).toBe(1);
  });
});

describe("a shared trip's page, rendered by the server", () => {
  it("is rendered from the three reads exactly as the API answers them, inside the app's page, never cached", async () => {
    const sharer = await buildUser(app, { firstName: "Ines" });
    const { token } = await liveShare(sharer);
    await sharer.client.post(`/api/shared-trips/${token}/messages`, { content: "Leaving the museum now" });

    const res = await page(`/shared/${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    const html = await res.text();
    // Marked as server-rendered until the app takes it over (its script holds taps and typing till then).
    expect(html).toContain('<div id="root"><div data-server-rendered="sharedTrip"><h1>Ines</h1>');
    expect(html).toContain("<title>Ines's Location · Caravan</title>");
    expect(html).toContain('<script type="module" src="/assets/rendered-boot.js"></script>');

    const watcher = app.client();
    const { data, token: renderedToken } = stateOf(html);
    expect(renderedToken).toBe(token);
    expect(data.info).toEqual((await watcher.get(`/api/shared-trips/${token}`)).body);
    expect(data.locations).toEqual((await watcher.get(`/api/shared-trips/${token}/locations`)).body);
    expect(data.messages).toEqual((await watcher.get(`/api/shared-trips/${token}/messages`)).body);
    expect(data.config).toEqual((await watcher.get("/api/config")).body);
    expect(data.locations[0]).toMatchObject({ notes: "By the pyramid" });
    expect(data.messages.map((m) => m.content)).toEqual(["Leaving the museum now"]);
  });

  it("counts no view: the app's own read of the share does, once per browser", async () => {
    const sharer = await buildUser(app);
    const { id, token } = await liveShare(sharer);
    await page(`/shared/${token}`);
    await page(`/shared/${token}`);
    expect(await viewsOf(sharer, id)).toBe(0);
    await app.client().get(`/api/shared-trips/${token}`);
    expect(await viewsOf(sharer, id)).toBe(1);
  });

  it("renders a signed-in watcher's own author key, as the API gives it to them, and nobody else's", async () => {
    const sharer = await buildUser(app);
    const { token } = await liveShare(sharer);
    const member = await buildUser(app);
    const signedIn = stateOf(await (await page(`/shared/${token}`, { cookie: member.client.cookieHeader })).text());
    const own = (await member.client.get(`/api/shared-trips/${token}`)).body.viewerAuthorKey;
    expect(own).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(signedIn.data.info.viewerAuthorKey).toBe(own);
    expect(stateOf(await (await page(`/shared/${token}`)).text()).data.info.viewerAuthorKey).toBeNull();
  });

  it("keeps what anyone wrote inside the page's data: a message cannot end the script it is carried in", async () => {
    const sharer = await buildUser(app, { firstName: "<b>Eve" });
    const { token } = await liveShare(sharer);
    const hostile = `</script><script>alert("x")</script><!--`;
    await sharer.client.post(`/api/shared-trips/${token}/messages`, { content: hostile });
    const html = await (await page(`/shared/${token}`)).text();
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("<title>&lt;b&gt;Eve's Location · Caravan</title>");
    expect(stateOf(html).data.messages.map((m) => m.content)).toEqual([hostile]);
  });

  it("sends the page rendered a moment ago while nothing it shows has changed, and renders it again once something has", async () => {
    const sharer = await buildUser(app);
    const { token } = await liveShare(sharer);
    const first = await (await page(`/shared/${token}`)).text();
    expect(await (await page(`/shared/${token}`)).text()).toBe(first);
    await sharer.client.post(`/api/shared-trips/${token}/locations`, { latitude: 48.87, longitude: 2.35 });
    const moved = await (await page(`/shared/${token}`)).text();
    expect(moved).not.toBe(first);
    expect(stateOf(moved).data.locations[0]).toMatchObject({ latitude: 48.87, longitude: 2.35 });
  });

  it("is the app's page, rendered by nobody, for a share that does not exist or a malformed address", async () => {
    expect(await (await page("/shared/no-such-share-token-at-all")).text()).toBe(SHELL);
    expect(await (await page("/shared/%E0%A4%A")).text()).toBe(SHELL);
  });

  it("is the app's page when the build has no rendering module", async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-bare-"));
    fs.mkdirSync(path.join(bare, "dist"));
    fs.writeFileSync(path.join(bare, "dist", "index.html"), SHELL);
    fs.writeFileSync(path.join(bare, "dist", "rendered.html"), RENDERED);
    const plain = await startTestApp({
      STATIC_DIR: path.join(bare, "dist"),
      PAGE_RENDERER: path.join(bare, "dist-server", "server-render.js"),
    });
    try {
      const sharer = await buildUser(plain);
      const res = await sharer.client.post("/api/shared-trips", { durationHours: 2 });
      const html = await (await fetch(new URL(`/shared/${res.body.shareToken}`, plain.url))).text();
      expect(html).toBe(SHELL);
    } finally {
      await plain.close();
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe("a group's page, rendered by the server for its members", () => {
  async function groupOf(owner: BuiltUser, name: string): Promise<number> {
    const res = await owner.client.post("/api/groups", { name, status: "active" });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  async function joined(owner: BuiltUser, groupId: number): Promise<BuiltUser> {
    const member = await buildUser(app);
    const { inviteToken } = (await owner.client.post(`/api/groups/${groupId}/invites/link`, {})).body;
    expect((await member.client.post(`/api/invites/${inviteToken}/accept`, {})).status).toBe(200);
    return member;
  }

  it("is rendered from who they are, the group, its members, their locations, tracker sharing, notifications and the server's settings, exactly as the API answers them, never cached", async () => {
    const owner = await buildUser(app, { firstName: "Ines" });
    const groupId = await groupOf(owner, "Paris long weekend");
    const member = await joined(owner, groupId);
    const at = { latitude: 48.8606, longitude: 2.3376, notes: "By the pyramid" };
    expect((await owner.client.post(`/api/groups/${groupId}/locations`, at)).status).toBe(200);

    const res = await page(`/groups/${groupId}`, { cookie: member.client.cookieHeader });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    const html = await res.text();
    expect(html).toContain('<div id="root"><div data-server-rendered="group"><h1>Paris long weekend</h1>');
    expect(html).toContain("<title>Paris long weekend · Caravan</title>");
    // The page's styles in its head, as the rendering gave them (a `$&` in CSS is text, not a replacement pattern).
    expect(html).toContain('<style data-emotion="css g1" data-s="">.css-g1{color:$&}</style></head>');
    expect(html).toContain('<script type="module" src="/assets/rendered-boot.js"></script>');

    const { groupId: renderedId, data } = stateOf<{ groupId: number; data: GroupPageData }>(html);
    expect(renderedId).toBe(groupId);
    expect(data.user).toEqual((await member.client.get("/api/auth/user")).body);
    expect(data.group).toEqual((await member.client.get(`/api/groups/${groupId}`)).body);
    expect(data.members).toEqual((await member.client.get(`/api/groups/${groupId}/members`)).body);
    expect(data.members.map((m) => m.user.firstName).sort()).toEqual(["Ines", member.user.firstName].sort());
    expect(data.locations).toEqual((await member.client.get(`/api/groups/${groupId}/locations`)).body);
    expect(data.locations.map((l) => [l.userId, l.notes])).toEqual([[owner.user.id, "By the pyramid"]]);
    expect(data.trackerSharing).toEqual((await member.client.get(`/api/groups/${groupId}/tracker-sharing`)).body);
    expect(data.notifications).toEqual((await member.client.get("/api/notifications")).body);
    expect(data.config).toEqual((await member.client.get("/api/config")).body);
  });

  it("renders each member their own page: who is signed in is theirs", async () => {
    const owner = await buildUser(app, { firstName: "Ines" });
    const groupId = await groupOf(owner, "Two views");
    const member = await joined(owner, groupId);
    const forOwner = stateOf<{ data: GroupPageData }>(
      await (await page(`/groups/${groupId}`, { cookie: owner.client.cookieHeader })).text(),
    );
    const forMember = stateOf<{ data: GroupPageData }>(
      await (await page(`/groups/${groupId}`, { cookie: member.client.cookieHeader })).text(),
    );
    expect(forOwner.data.user.id).toBe(owner.user.id);
    expect(forMember.data.user.id).toBe(member.user.id);
  });

  it("is the app's page, rendered by nobody, for anyone signed out, a stranger, a member removed, or no such group", async () => {
    const owner = await buildUser(app);
    const groupId = await groupOf(owner, "Members only");
    const member = await joined(owner, groupId);
    const stranger = await buildUser(app);
    expect(await (await page(`/groups/${groupId}`)).text()).toBe(SHELL);
    expect(await (await page(`/groups/${groupId}`, { cookie: stranger.client.cookieHeader })).text()).toBe(SHELL);
    expect(await (await page(`/groups/999999999`, { cookie: owner.client.cookieHeader })).text()).toBe(SHELL);
    expect(await (await page(`/groups/0`, { cookie: owner.client.cookieHeader })).text()).toBe(SHELL);
    expect(await (await page(`/groups/${groupId}`, { cookie: member.client.cookieHeader })).text()).not.toBe(SHELL);
    expect((await owner.client.delete(`/api/groups/${groupId}/members/${member.user.id}`)).status).toBe(204);
    expect(await (await page(`/groups/${groupId}`, { cookie: member.client.cookieHeader })).text()).toBe(SHELL);
  });

  it("shows a change at once: the page rendered a moment ago is not sent once the group has changed", async () => {
    const owner = await buildUser(app);
    const groupId = await groupOf(owner, "Radius");
    const first = await (await page(`/groups/${groupId}`, { cookie: owner.client.cookieHeader })).text();
    expect(await (await page(`/groups/${groupId}`, { cookie: owner.client.cookieHeader })).text()).toBe(first);
    expect((await owner.client.patch(`/api/groups/${groupId}`, { arrivalRadiusMeters: 750 })).status).toBe(200);
    const changed = await (await page(`/groups/${groupId}`, { cookie: owner.client.cookieHeader })).text();
    expect(changed).not.toBe(first);
    expect(stateOf<{ data: GroupPageData }>(changed).data.group.arrivalRadiusMeters).toBe(750);
  });
});

describe("a signed-in user's dashboard, rendered by the server", () => {
  it("is rendered from who they are, their groups, the groups' stats and their shares, exactly as the API answers them, never cached", async () => {
    const user = await buildUser(app, { firstName: "Dara" });
    const created = await user.client.post("/api/groups", { name: "Lisbon in spring", status: "planning" });
    expect(created.status).toBe(201);
    expect(
      (await user.client.post(`/api/groups/${created.body.id}/messages`, { content: "Tickets booked" })).status,
    ).toBe(201);
    await liveShare(user);

    const res = await page("/", { cookie: user.client.cookieHeader });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    const html = await res.text();
    // When it was rendered, for the app's first render over it to repeat its relative times (frontend/src/lib/use-now.ts).
    expect(html).toContain(
      '<div id="root"><div data-server-rendered="dashboard" data-rendered-at="1764300000000"><h1>Welcome back, Dara</h1>',
    );
    expect(html).toContain("<title>Your Travel Groups · Caravan</title>");
    expect(html).toContain('<script type="module" src="/assets/rendered-boot.js"></script>');

    const { data } = stateOf<{ data: DashboardPageData }>(html);
    expect(data.user).toEqual((await user.client.get("/api/auth/user")).body);
    expect(data.groups).toEqual((await user.client.get("/api/groups")).body);
    expect(data.stats).toEqual((await user.client.get("/api/groups/stats")).body);
    expect(data.sharedTrips).toEqual((await user.client.get("/api/shared-trips")).body);
    expect(data.groups.map((g) => g.name)).toEqual(["Lisbon in spring"]);
    expect(data.stats.recentMessages).toBe(1);
    expect(data.sharedTrips).toHaveLength(1);
  });

  it("is the app's page for a visitor, a session that has ended, and `/` with a query (a sign-in coming back)", async () => {
    const user = await buildUser(app);
    expect(await (await page("/")).text()).toBe(SHELL);
    expect(await (await page("/?signin=1", { cookie: user.client.cookieHeader })).text()).toBe(SHELL);
    const cookie = user.client.cookieHeader;
    expect(await (await page("/", { cookie })).text()).not.toBe(SHELL);
    expect((await user.client.post("/api/logout")).status).toBe(204);
    expect(await (await page("/", { cookie })).text()).toBe(SHELL);
  });

  it("renders each user their own: nobody's groups or shares reach another's page", async () => {
    const first = await buildUser(app);
    const second = await buildUser(app);
    expect((await first.client.post("/api/groups", { name: "Only mine", status: "active" })).status).toBe(201);
    const forSecond = stateOf<{ data: DashboardPageData }>(
      await (await page("/", { cookie: second.client.cookieHeader })).text(),
    );
    expect(forSecond.data.user.id).toBe(second.user.id);
    expect(forSecond.data.groups).toEqual([]);
    expect(forSecond.data.sharedTrips).toEqual([]);
  });
});
