import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_TEXTS, NOTIFICATION_TEXTS } from "@caravan/common";
import {
  Group,
  GroupChecklist,
  GroupMembership,
  GroupMessage,
  Notification,
  SessionRecord,
  SharedTrip,
  SharedTripLocation,
  Tracker,
  TripProposal,
  User,
  UserLocation,
} from "../../db/entities/index.js";
import { buildGroup } from "../../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";
import { EventLog, next, openSocket, subscribe, type TestSocket } from "../../../test/sockets.js";

let app: TestApp;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await app?.close();
});

/** Memberships joined in this order, a second apart, so "longest-standing" is unambiguous. */
async function groupJoinedInOrder(owner: BuiltUser, members: BuiltUser[], name = "Dolomites"): Promise<number> {
  const groupId = await buildGroup(app, owner, { name });
  for (const [i, m] of members.entries()) {
    await app.db
      .getRepository(GroupMembership)
      .insert({ groupId, userId: m.user.id, role: "member", joinedAt: new Date(Date.now() - 3_600_000 + i * 1000) });
  }
  return groupId;
}

const deleteAccount = (who: BuiltUser, body: unknown) => who.client.request("DELETE", "/api/auth/user", body);
const exists = (id: string) => app.db.getRepository(User).existsBy({ id });

describe("GET /api/auth/export", () => {
  it("is a JSON download of the caller's own data, decrypted, without other people's messages or e-mail", async () => {
    const me = await buildUser(app, { firstName: "Ines" });
    const pal = await buildUser(app, { firstName: "Pal" });
    const groupId = await buildGroup(app, me, { members: [pal], name: "Sardinia" });
    expect((await me.client.post(`/api/groups/${groupId}/messages`, { content: "my secret plan" })).status).toBe(201);
    expect((await pal.client.post(`/api/groups/${groupId}/messages`, { content: "pal's own words" })).status).toBe(201);
    const at = { latitude: 40.12, longitude: 9.01, address: "Cala Gonone", notes: "by the harbour" };
    expect((await me.client.post(`/api/groups/${groupId}/locations`, at)).status).toBe(200);
    const share = await me.client.post("/api/shared-trips", { durationHours: 2 });
    const token = share.body.shareToken as string;
    await me.client.post(`/api/shared-trips/${token}/locations`, { ...at, address: "Orosei", notes: null });
    await pal.client.post(`/api/shared-trips/${token}/messages`, { content: "pal on the share" });
    await me.client.post(`/api/shared-trips/${token}/messages`, { content: "me on the share" });
    const checklist = await me.client.post(`/api/groups/${groupId}/checklists`, { title: "Beach kit" });
    await me.client.post(`/api/checklists/${checklist.body.id}/items`, { text: "Snorkel" });
    const proposal = await me.client.post(`/api/groups/${groupId}/proposals`, { destinationName: "Alghero" });
    await pal.client.post(`/api/proposals/${proposal.body.id}/vote`, { vote: "yes" });
    const palsProposal = await pal.client.post(`/api/groups/${groupId}/proposals`, { destinationName: "Bosa" });
    await me.client.post(`/api/proposals/${palsProposal.body.id}/vote`, { vote: "no" });
    const tracker = await me.client.post("/api/trackers", { name: "My phone" });
    expect(tracker.status).toBe(201);

    const res = await me.client.get("/api/auth/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="caravan-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.body;
    const raw = JSON.stringify(data);

    expect(data.profile).toMatchObject({ id: me.user.id, email: me.user.email, firstName: "Ines", hasPassword: true });
    expect(data.groups).toEqual([expect.objectContaining({ id: groupId, name: "Sardinia", youOwnIt: true })]);
    expect(data.memberships).toEqual([expect.objectContaining({ groupId, role: "owner" })]);
    expect(data.messages.map((m: { content: string }) => m.content)).toEqual(["my secret plan"]);
    expect(data.sharedTripMessages.map((m: { content: string }) => m.content)).toEqual(["me on the share"]);
    expect(data.locations).toEqual([
      expect.objectContaining({ groupId, latitude: 40.12, address: "Cala Gonone", notes: "by the harbour" }),
    ]);
    expect(data.sharedTrips).toHaveLength(1);
    expect(data.sharedTrips[0].trail).toEqual([expect.objectContaining({ address: "Orosei", latitude: 40.12 })]);
    expect(data.checklists).toEqual([
      expect.objectContaining({ title: "Beach kit", items: [expect.objectContaining({ text: "Snorkel" })] }),
    ]);
    expect(data.proposals.map((p: { destinationName: string }) => p.destinationName)).toEqual(["Alghero"]);
    expect(data.votes).toEqual([expect.objectContaining({ proposalId: palsProposal.body.id, vote: "no" })]);
    expect(data.trackers).toEqual([expect.objectContaining({ name: "My phone" })]);
    expect(data.notifications.map((n: { text: string }) => n.text)).toContain(
      NOTIFICATION_TEXTS.proposalCreated("Pal", "Bosa"),
    );

    // What never leaves: other people's messages and e-mail, hashes, tracker tokens, the live share's token.
    expect(raw).not.toContain("pal's own words");
    expect(raw).not.toContain("pal on the share");
    expect(raw).not.toContain(pal.user.email);
    expect(raw).not.toContain(pal.user.id);
    expect(raw).not.toMatch(/argon2|hashedPassword|tokenHash/);
    expect(raw).not.toContain(tracker.body.token);
    expect(raw).not.toContain(token);
  });

  it("answers 401 when signed out", async () => {
    expect((await app.client().get("/api/auth/export")).status).toBe(401);
  });
});

describe("DELETE /api/auth/user", () => {
  it("refuses a missing (400) or wrong (401) password and changes nothing", async () => {
    const me = await buildUser(app);
    const groupId = await buildGroup(app, me);
    const missing = await deleteAccount(me, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(ACCOUNT_TEXTS.passwordRequired);
    const wrong = await deleteAccount(me, { password: "Wrong-2026" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(ACCOUNT_TEXTS.passwordWrong);
    // The e-mail is no confirmation for an account with a password.
    expect((await deleteAccount(me, { email: me.user.email })).status).toBe(400);
    expect(await exists(me.user.id)).toBe(true);
    expect((await me.client.get("/api/auth/user")).status).toBe(200);
    expect(await app.db.getRepository(Group).existsBy({ id: groupId })).toBe(true);
  });

  it("alone: deletes the account, its own group, its data and sessions, and signs the caller out", async () => {
    const me = await buildUser(app);
    const groupId = await buildGroup(app, me, { name: "Solo" });
    await me.client.post(`/api/groups/${groupId}/messages`, { content: "note to self" });
    await me.client.post(`/api/groups/${groupId}/locations`, { latitude: 1, longitude: 2 });
    expect((await me.client.post("/api/trackers", { name: "Phone" })).status).toBe(201);
    const otherDevice = app.client();
    expect((await otherDevice.post("/api/auth/signin", { email: me.user.email, password: me.password })).status).toBe(
      200,
    );

    const res = await deleteAccount(me, { password: me.password });
    expect(res.status).toBe(204);
    expect((await me.client.get("/api/auth/user")).status).toBe(401);
    expect((await otherDevice.get("/api/auth/user")).status).toBe(401);
    expect(await exists(me.user.id)).toBe(false);
    expect(await app.db.getRepository(Group).existsBy({ id: groupId })).toBe(false);
    expect(await app.db.getRepository(GroupMessage).countBy({ groupId })).toBe(0);
    expect(await app.db.getRepository(UserLocation).countBy({ userId: me.user.id })).toBe(0);
    expect(await app.db.getRepository(Tracker).countBy({ userId: me.user.id })).toBe(0);
    const sessions = await app.db.getRepository(SessionRecord).find();
    expect(sessions.filter((s) => s.sess.userId === me.user.id)).toEqual([]);
    // The address is free again.
    expect((await buildUser(app, { email: me.user.email })).user.email).toBe(me.user.email);
  });

  it("with members: the group passes to the longest-standing other member, who is told; the rest stays", async () => {
    const me = await buildUser(app, { firstName: "Olga" });
    const first = await buildUser(app, { firstName: "First" });
    const second = await buildUser(app, { firstName: "Second" });
    const groupId = await groupJoinedInOrder(me, [first, second], "Lofoten");
    await me.client.post(`/api/groups/${groupId}/messages`, { content: "from the leaver" });
    await second.client.post(`/api/groups/${groupId}/messages`, { content: "from someone staying" });
    const checklist = await me.client.post(`/api/groups/${groupId}/checklists`, { title: "Ferry times" });
    const proposal = await second.client.post(`/api/groups/${groupId}/proposals`, { destinationName: "Reine" });
    await me.client.post(`/api/proposals/${proposal.body.id}/vote`, { vote: "yes" });
    await first.client.post(`/api/proposals/${proposal.body.id}/vote`, { vote: "yes" });

    const heirSocket = await openSocket(app.url, { as: first.client });
    sockets.push(heirSocket);
    const heirLog = new EventLog(heirSocket);
    expect(await subscribe(heirSocket, { groupId })).toEqual({ ok: true });
    const mySocket = await openSocket(app.url, { as: me.client });
    sockets.push(mySocket);
    const myDisconnect = next(mySocket, "disconnect");

    expect((await deleteAccount(me, { password: me.password })).status).toBe(204);

    const group = await app.db.getRepository(Group).findOneByOrFail({ id: groupId });
    expect(group.ownerId).toBe(first.user.id);
    const roles = await app.db.getRepository(GroupMembership).find({ where: { groupId }, order: { id: "ASC" } });
    expect(roles.map((m) => [m.userId, m.role])).toEqual([
      [first.user.id, "owner"],
      [second.user.id, "member"],
    ]);
    const told = await app.db.getRepository(Notification).findBy({ userId: first.user.id, kind: "owner-changed" });
    expect(told.map((n) => n.text)).toEqual([NOTIFICATION_TEXTS.ownerChanged("Olga", "Lofoten")]);
    expect(await app.db.getRepository(Notification).countBy({ userId: second.user.id, kind: "owner-changed" })).toBe(0);
    // Pushed like every notification, and the group's room hears of the new owner and the one who left.
    expect((await heirLog.waitFor("notification:created")).kind).toBe("owner-changed");
    expect((await heirLog.waitFor("group:updated")).ownerId).toBe(first.user.id);
    expect((await heirLog.waitFor("member:left")).userId).toBe(me.user.id);
    expect(await myDisconnect).toBe("io server disconnect");

    const contents = (await first.client.get(`/api/groups/${groupId}/messages`)).body.messages.map(
      (m: { content: string }) => m.content,
    );
    expect(contents).toContain("from someone staying");
    expect(contents).not.toContain("from the leaver");
    // The checklist stays with the group, without a creator; the vote went, and the count with it.
    const kept = await app.db.getRepository(GroupChecklist).findOneByOrFail({ id: checklist.body.id });
    expect(kept.createdBy).toBeNull();
    expect((await app.db.getRepository(TripProposal).findOneByOrFail({ id: proposal.body.id })).votes).toBe(1);
    // The new owner can do what owners do.
    expect((await first.client.get(`/api/groups/${groupId}/invites`)).status).toBe(200);
  });

  it("with shares running: the shares end for their watchers and their trails and chats are deleted", async () => {
    const me = await buildUser(app);
    const share = await me.client.post("/api/shared-trips", { durationHours: 3 });
    const token = share.body.shareToken as string;
    await me.client.post(`/api/shared-trips/${token}/locations`, { latitude: 45, longitude: 6, notes: null });
    const watcher = app.client();
    expect((await watcher.get(`/api/shared-trips/${token}`)).status).toBe(200);
    const watcherSocket = await openSocket(app.url);
    sockets.push(watcherSocket);
    const watcherLog = new EventLog(watcherSocket);
    expect(await subscribe(watcherSocket, { shareToken: token })).toEqual({ ok: true });

    expect((await deleteAccount(me, { password: me.password })).status).toBe(204);

    expect((await watcherLog.waitFor("share:ended")).reason).toBe("stopped");
    expect((await watcher.get(`/api/shared-trips/${token}`)).status).toBe(404);
    expect(await app.db.getRepository(SharedTrip).countBy({ sharerId: me.user.id })).toBe(0);
    expect(await app.db.getRepository(SharedTripLocation).countBy({ sharedTripId: share.body.id })).toBe(0);
  });

  it("a provider-only account confirms with its e-mail address, typed in any case", async () => {
    const me = await buildUser(app);
    await app.db.getRepository(User).update({ id: me.user.id }, { hashedPassword: null, provider: "google" });
    expect((await me.client.get("/api/auth/user")).body.hasPassword).toBe(false);
    expect((await deleteAccount(me, { password: me.password })).status).toBe(400);
    const wrong = await deleteAccount(me, { email: "someone-else@example.com" });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(ACCOUNT_TEXTS.emailWrong);
    expect(await exists(me.user.id)).toBe(true);
    expect((await deleteAccount(me, { email: ` ${me.user.email.toUpperCase()} ` })).status).toBe(204);
    expect(await exists(me.user.id)).toBe(false);
  });

  it("answers 401 when signed out", async () => {
    expect((await app.client().request("DELETE", "/api/auth/user", { password: "x" })).status).toBe(401);
  });
});
