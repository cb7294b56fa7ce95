import { randomBytes } from "node:crypto";
import type Koa from "koa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.js";
import {
  ChecklistItem,
  GroupChecklist,
  GroupInvite,
  SharedTrip,
  SharedTripLocation,
  TripProposal,
  Tracker,
  TripProposalVote,
} from "../db/entities/index.js";
import { buildGroup } from "../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp, type TestClient } from "../../test/harness.js";

/**
 * Every route of the app, walked from the routers themselves, against every kind of caller. A route added without an
 * entry here fails the first test; an entry whose route is gone fails it too.
 *
 * Callers: signed out; a signed-in stranger to the group; a member; the owner; and a signed-out watcher holding the
 * token of the member's live share. A share's token is known to the member who shares and to the watcher; the others
 * try a token that names no share. Invite tokens are known to everybody. A tracker's token is known only to the app of
 * the member who made it: the ingest calls authenticate by that token, not by session, and the others try a token that
 * names no tracker.
 * Each request gets fresh rows, so a write one caller makes never changes what the next one finds.
 */
type Caller = "anon" | "stranger" | "member" | "owner" | "watcher";
const CALLERS: Caller[] = ["anon", "stranger", "member", "owner", "watcher"];

/** Expected status per caller, in the order of CALLERS. */
type Row = [number, number, number, number, number];

interface Fixture {
  groupId: number;
  checklistId: number;
  itemId: number;
  proposalId: number;
  inviteId: number;
  inviteToken: string;
  shareId: number;
  shareToken: string;
  trackerId: number;
  trackerToken: string;
}

const UNKNOWN_TOKEN = randomBytes(32).toString("base64url");

const location = { latitude: 45.9, longitude: 6.87, address: "Chamonix", notes: null };
const message = { content: "Hello", messageType: "text" };

/** A valid body for each write route, so that an allowed caller gets past validation. */
const BODIES: Record<string, unknown> = {
  "POST /api/auth/signup": {},
  "POST /api/auth/signin": {},
  "PUT /api/auth/profile": { firstName: "Tess", lastName: "Traveller" },
  "PUT /api/auth/language": { language: "de" },
  "POST /api/groups": { name: "Route table", status: "planning" },
  "PATCH /api/groups/:id": { destinationName: "Lyon", destinationAddress: "Lyon, France" },
  "POST /api/groups/:groupId/locations": location,
  "POST /api/groups/:id/messages": message,
  "POST /api/groups/:groupId/invites": { email: "pal@example.com" },
  "POST /api/groups/:groupId/invites/link": {},
  "POST /api/groups/:id/checklists": { title: "Packing" },
  "POST /api/checklists/:id/items": { text: "Boots" },
  "PUT /api/checklist-items/:id/toggle": { completed: true },
  "POST /api/groups/:id/proposals": { destinationName: "Annecy" },
  "POST /api/proposals/:id/vote": { vote: "yes" },
  "POST /api/shared-trips": { durationHours: 2 },
  "POST /api/shared-trips/:token/locations": location,
  "POST /api/shared-trips/:token/messages": message,
  "PUT /api/groups/:id/cover-image": { coverImageURL: "https://images.example.com/cover.png" },
  "POST /api/trackers": { name: "Phone" },
  "PUT /api/groups/:id/tracker-sharing": { enabled: true },
  "POST /api/ingest/owntracks": { _type: "location", lat: 45.9, lon: 6.87, tst: Math.floor(Date.now() / 1000) - 10 },
  "POST /api/notifications/read": {},
  // No confirmation: refused (400) for anyone signed in, so the walk never deletes the accounts it runs as.
  "DELETE /api/auth/user": {},
};

// prettier-ignore
const TABLE: Record<string, Row> = {
  //                                                 anon stranger member owner watcher
  "GET /healthz":                                    [200, 200, 200, 200, 200],
  "GET /readyz":                                     [200, 200, 200, 200, 200],
  "GET /metrics":                                    [404, 404, 404, 404, 404],
  "POST /api/auth/signup":                           [400, 400, 400, 400, 400],
  "POST /api/auth/signin":                           [400, 400, 400, 400, 400],
  "GET /api/auth/user":                              [401, 200, 200, 200, 401],
  "PUT /api/auth/profile":                           [401, 200, 200, 200, 401],
  "PUT /api/auth/language":                          [401, 200, 200, 200, 401],
  "GET /api/auth/export":                            [401, 200, 200, 200, 401],
  "DELETE /api/auth/user":                           [401, 400, 400, 400, 401],
  "GET /api/logout":                                 [302, 302, 302, 302, 302],
  "GET /api/login":                                  [302, 302, 302, 302, 302],
  "GET /api/config":                                 [200, 200, 200, 200, 200],
  "GET /api/auth/google":                            [302, 302, 302, 302, 302],
  "GET /api/auth/microsoft":                         [302, 302, 302, 302, 302],
  "GET /api/auth/yahoo":                             [302, 302, 302, 302, 302],
  "GET /api/oauth/google":                           [302, 302, 302, 302, 302],
  "GET /api/oauth/microsoft":                        [302, 302, 302, 302, 302],
  "GET /api/oauth/yahoo":                            [302, 302, 302, 302, 302],
  "GET /api/oauth/google/callback":                  [302, 302, 302, 302, 302],
  "GET /api/oauth/microsoft/callback":               [302, 302, 302, 302, 302],
  "GET /api/oauth/yahoo/callback":                   [302, 302, 302, 302, 302],
  "GET /api/groups":                                 [401, 200, 200, 200, 401],
  "GET /api/groups/stats":                           [401, 200, 200, 200, 401],
  "POST /api/groups":                                [401, 201, 201, 201, 401],
  "GET /api/groups/:id":                             [401, 403, 200, 200, 401],
  // The destination, which any member may change; field by field in PATCH_FIELDS below.
  "PATCH /api/groups/:id":                           [401, 403, 200, 200, 401],
  "DELETE /api/groups/:id":                          [401, 403, 403, 204, 401],
  "GET /api/groups/:id/members":                     [401, 403, 200, 200, 401],
  "GET /api/groups/:id/calendar.ics":                [401, 403, 200, 200, 401],
  "DELETE /api/groups/:id/members/:userId":          [401, 403, 204, 409, 401],
  "GET /api/groups/:id/locations":                   [401, 403, 200, 200, 401],
  "POST /api/groups/:groupId/locations":             [401, 403, 200, 200, 401],
  "DELETE /api/groups/:groupId/locations/me":        [401, 403, 204, 204, 401],
  "GET /api/groups/:id/messages":                    [401, 403, 200, 200, 401],
  "POST /api/groups/:id/messages":                   [401, 403, 201, 201, 401],
  "POST /api/groups/:groupId/invites":               [401, 403, 201, 201, 401],
  "POST /api/groups/:groupId/invites/link":          [401, 403, 201, 201, 401],
  "GET /api/groups/:groupId/invites":                [401, 403, 403, 200, 401],
  "DELETE /api/groups/:groupId/invites/:inviteId":   [401, 403, 403, 204, 401],
  "GET /api/invites/:token":                         [200, 200, 200, 200, 200],
  "POST /api/invites/:token/accept":                 [401, 200, 200, 200, 401],
  "GET /api/groups/:id/checklists":                  [401, 403, 200, 200, 401],
  "POST /api/groups/:id/checklists":                 [401, 403, 201, 201, 401],
  "DELETE /api/checklists/:id":                      [401, 404, 204, 204, 401],
  "POST /api/checklists/:id/items":                  [401, 404, 201, 201, 401],
  "PUT /api/checklist-items/:id/toggle":             [401, 404, 200, 200, 401],
  "DELETE /api/checklist-items/:id":                 [401, 404, 204, 204, 401],
  "GET /api/groups/:id/proposals":                   [401, 403, 200, 200, 401],
  "POST /api/groups/:id/proposals":                  [401, 403, 201, 201, 401],
  "POST /api/proposals/:id/vote":                    [401, 404, 200, 200, 401],
  "POST /api/groups/:id/finalize/:proposalId":       [401, 403, 403, 200, 401],
  "POST /api/shared-trips":                          [401, 201, 201, 201, 401],
  "GET /api/shared-trips":                           [401, 200, 200, 200, 401],
  "POST /api/shared-trips/:id/stop":                 [401, 404, 200, 404, 401],
  "GET /api/shared-trips/:id/trail.gpx":             [401, 404, 200, 404, 401],
  "GET /api/shared-trips/:token":                    [404, 404, 200, 404, 200],
  "GET /api/shared-trips/:token/locations":          [404, 404, 200, 404, 200],
  "GET /api/shared-trips/:token/messages":           [404, 404, 200, 404, 200],
  "POST /api/shared-trips/:token/locations":         [401, 404, 201, 404, 401],
  "POST /api/shared-trips/:token/messages":          [401, 404, 201, 404, 401],
  "GET /api/places":                                 [401, 200, 200, 200, 401],
  "POST /api/objects/upload":                        [401, 200, 200, 200, 401],
  "PUT /api/objects/upload/:token":                  [401, 404, 404, 404, 401],
  "PUT /api/groups/:id/cover-image":                 [401, 403, 400, 400, 401],
  "GET /api/uploads/:folder/:name":                  [404, 404, 404, 404, 404],
  "POST /api/logout":                                [204, 204, 204, 204, 204],
  "GET /api/places/map":                             [200, 200, 200, 200, 200],
  // No basemap file in the test's DATA_DIR: the route exists and answers the same to everyone.
  "GET /api/basemap.pmtiles":                        [404, 404, 404, 404, 404],
  "POST /api/trackers":                              [401, 201, 201, 201, 401],
  "GET /api/trackers":                               [401, 200, 200, 200, 401],
  "DELETE /api/trackers/:id":                        [401, 404, 204, 404, 401],
  "GET /api/groups/:id/tracker-sharing":             [401, 403, 200, 200, 401],
  "PUT /api/groups/:id/tracker-sharing":             [401, 403, 200, 200, 401],
  "POST /api/ingest/owntracks":                      [401, 401, 200, 401, 401],
  "GET /api/ingest/osmand":                          [401, 401, 200, 401, 401],
  "POST /api/ingest/osmand":                         [401, 401, 200, 401, 401],
  "GET /api/notifications":                          [401, 200, 200, 200, 401],
  "POST /api/notifications/read":                    [401, 204, 204, 204, 401],
};

let app: TestApp;
let koa: Koa;
let owner: BuiltUser;
let member: BuiltUser;
let stranger: BuiltUser;

beforeAll(async () => {
  app = await startTestApp();
  koa = createApp(app.services, "route-table");
  [owner, member, stranger] = [await buildUser(app), await buildUser(app), await buildUser(app)];
});
afterAll(() => app?.close());

/** "METHOD /path" of every route of every router the app mounts (HEAD comes with GET). */
function routesOf(application: Koa): string[] {
  const found = new Set<string>();
  for (const mw of application.middleware as Array<{
    router?: { stack: Array<{ path: string; methods: string[] }> };
  }>) {
    for (const layer of mw.router?.stack ?? []) {
      for (const method of layer.methods) if (method !== "HEAD") found.add(`${method} ${layer.path}`);
    }
  }
  return [...found].sort();
}

async function freshFixture(): Promise<Fixture> {
  const { db } = app;
  const groupId = await buildGroup(app, owner, { members: [member], startDate: new Date("2027-06-01T12:00:00Z") });
  const checklist = await db.getRepository(GroupChecklist).save({ groupId, title: "Gear", createdBy: owner.user.id });
  const item = await db.getRepository(ChecklistItem).save({ checklistId: checklist.id, text: "Rope" });
  const proposal = await db
    .getRepository(TripProposal)
    .save({ groupId, proposedBy: member.user.id, destinationName: "Annecy" });
  await db.getRepository(TripProposalVote).save({ proposalId: proposal.id, userId: member.user.id, vote: "yes" });
  const inviteToken = randomBytes(32).toString("base64url");
  const invite = await db.getRepository(GroupInvite).save({
    groupId,
    inviterUserId: owner.user.id,
    email: null,
    inviteToken,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const shareToken = randomBytes(32).toString("base64url");
  const share = await db.getRepository(SharedTrip).save({
    sharerId: member.user.id,
    shareToken,
    durationHours: 2,
    expiresAt: new Date(Date.now() + 7_200_000),
  });
  await db.getRepository(SharedTripLocation).save({ sharedTripId: share.id, latitude: 45.9, longitude: 6.87 });
  // A fresh tracker each time: the one-point-per-second rule never drops a point the ingest routes are sent.
  const tracker = await member.client.post("/api/trackers", { name: "Member's phone" });
  expect(tracker.status).toBe(201);
  return {
    groupId,
    checklistId: checklist.id,
    itemId: item.id,
    proposalId: proposal.id,
    inviteId: invite.id,
    inviteToken,
    shareId: share.id,
    shareToken,
    trackerId: tracker.body.id,
    trackerToken: tracker.body.token,
  };
}

/** The tracker token a caller's app sends: only the member's names their tracker. */
const trackerTokenOf = (f: Fixture, caller: Caller) => (caller === "member" ? f.trackerToken : UNKNOWN_TOKEN);

/** Headers a route needs from a caller: OwnTracks sends the tracker token as the HTTP Basic password. */
function headersOf(route: string, f: Fixture, caller: Caller): Record<string, string> {
  if (route !== "POST /api/ingest/owntracks") return {};
  return { authorization: `Basic ${Buffer.from(`phone:${trackerTokenOf(f, caller)}`).toString("base64")}` };
}

/** The concrete URL of a route for a caller: ids from the fixture, a member's id for :userId. */
function urlOf(path: string, f: Fixture, caller: Caller): string {
  const group = () => String(f.groupId);
  const values: Record<string, () => string> = {
    ":groupId": group,
    ":inviteId": () => String(f.inviteId),
    ":proposalId": () => String(f.proposalId),
    ":userId": () => (caller === "owner" ? owner.user.id : member.user.id),
    ":token": () => {
      if (!path.startsWith("/api/shared-trips")) return f.inviteToken;
      // The share's token is known to its sharer (the member) and the watcher they gave it to; not to the others.
      return caller === "watcher" || caller === "member" ? f.shareToken : UNKNOWN_TOKEN;
    },
    ":folder": () => "covers",
    ":name": () => "missing.png",
  };
  let url = path;
  for (const [param, value] of Object.entries(values)) url = url.replace(param, value());
  if (url.includes(":id")) {
    const id = url.startsWith("/api/checklists/")
      ? f.checklistId
      : url.startsWith("/api/checklist-items/")
        ? f.itemId
        : url.startsWith("/api/proposals/")
          ? f.proposalId
          : url.startsWith("/api/shared-trips/")
            ? f.shareId
            : url.startsWith("/api/trackers/")
              ? f.trackerId
              : f.groupId;
    url = url.replace(":id", String(id));
  }
  if (url === "/api/places") url += "?q=Lyon";
  if (url === "/api/places/map") url += "?south=45.7&west=5.9&north=46.1&east=6.4";
  // OsmAnd sends the token and the point in the query string, by GET or POST.
  if (url === "/api/ingest/osmand")
    url += `?${new URLSearchParams({ id: trackerTokenOf(f, caller), lat: "45.9", lon: "6.87" })}`;
  return url;
}

async function clientOf(caller: Caller, route: string): Promise<TestClient> {
  const user = caller === "stranger" ? stranger : caller === "member" ? member : caller === "owner" ? owner : null;
  if (!user) return app.client();
  // Signing out ends the session: that caller gets a session of its own.
  if (route !== "GET /api/logout" && route !== "POST /api/logout") return user.client;
  const client = app.client();
  const signin = await client.post("/api/auth/signin", { email: user.user.email, password: user.password });
  expect(signin.status).toBe(200);
  return client;
}

describe("route table", () => {
  it("has exactly one entry for every route the app serves", () => {
    expect(routesOf(koa)).toEqual(Object.keys(TABLE).sort());
  });

  it.each(Object.entries(TABLE))("%s answers each kind of caller as the table says", async (route, expected) => {
    expect(await answers(route, BODIES[route])).toBe(show(expected));
  });
});

const show = (statuses: readonly number[]) => CALLERS.map((c, i) => `${c} ${statuses[i]}`).join(", ");

/** What each kind of caller is answered to `route` with `body`, each on fresh rows, as `show` writes it. */
async function answers(route: string, body: unknown): Promise<string> {
  const [method, path] = route.split(" ") as [string, string];
  const got: number[] = [];
  for (const caller of CALLERS) {
    const fixture = await freshFixture();
    const client = await clientOf(caller, route);
    const res = await client.request(method, urlOf(path, fixture, caller), body, headersOf(route, fixture, caller));
    got.push(res.status);
    // The member's shares and trackers pile up otherwise, and a sharer may have only a few live at once, a tracker
    // owner only a few trackers.
    await app.db.getRepository(SharedTrip).delete({ id: fixture.shareId });
    await app.db.getRepository(Tracker).delete({ id: fixture.trackerId });
  }
  return show(got);
}

/**
 * PATCH /api/groups/:id answers by what is sent (docs/decisions/0036-who-changes-a-group.md): any member may move the
 * destination (docs/product.md §6), only the owner may change the group's name, description, status, dates or arrival radius.
 * The cover image has a route of its own (PUT /api/groups/:id/cover-image), open to every member, as in the table above.
 */
// prettier-ignore
const PATCH_FIELDS: Record<string, [body: Record<string, unknown>, expected: Row]> = {
  //                  body                                                              anon stranger member owner watcher
  "destination":      [{ destinationName: "Lyon", destinationAddress: "Lyon, France" }, [401, 403, 200, 200, 401]],
  "name":             [{ name: "Renamed" },                                             [401, 403, 403, 200, 401]],
  "description":      [{ description: "Changed" },                                      [401, 403, 403, 200, 401]],
  "status":           [{ status: "planning" },                                          [401, 403, 403, 200, 401]],
  "startDate":        [{ startDate: "2027-05-01T12:00:00.000Z" },                       [401, 403, 403, 200, 401]],
  "endDate":          [{ endDate: "2027-06-21T12:00:00.000Z" },                         [401, 403, 403, 200, 401]],
  "arrivalRadius":    [{ arrivalRadiusMeters: 500 },                                    [401, 403, 403, 200, 401]],
  "destination+name": [{ destinationName: "Lyon", name: "Renamed" },                    [401, 403, 403, 200, 401]],
};

describe("PATCH /api/groups/:id, field by field", () => {
  it.each(Object.entries(PATCH_FIELDS))("%s answers each kind of caller as the table says", async (_f, [body, row]) => {
    expect(await answers("PATCH /api/groups/:id", body)).toBe(show(row));
  });
});
