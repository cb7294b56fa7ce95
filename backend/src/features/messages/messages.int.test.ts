import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_MAX, MESSAGES_PAGE_SIZE, VALIDATION } from "@caravan/common";
import { buildGroup, recordRealtime, type PublishedEvent } from "../../../test/factories.js";
import { buildUser, startTestApp, type TestApp } from "../../../test/harness.js";

let app: TestApp;
let events: PublishedEvent[];
beforeAll(async () => {
  app = await startTestApp();
  events = recordRealtime(app);
});
afterAll(() => app?.close());

describe("group chat", () => {
  it("a member posts; members read it with author names; the group room is told", async () => {
    const owner = await buildUser(app, { firstName: "Ada" });
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    events.length = 0;
    const res = await member.client.post(`/api/groups/${groupId}/messages`, {
      content: "  Leaving at 8  ",
      messageType: "text",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ groupId, content: "Leaving at 8", messageType: "text", userId: member.user.id });
    expect(Object.keys(res.body.user).sort()).toEqual(["email", "firstName", "lastName", "profileImageUrl"]);
    expect(events).toEqual([{ room: `group:${groupId}`, event: "message:created", payload: res.body }]);

    const page = await owner.client.get(`/api/groups/${groupId}/messages`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ messages: [res.body], olderCursor: null });
  });

  it("pages from the newest, oldest first within a page, with a cursor to older ones", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const total = MESSAGES_PAGE_SIZE + 7;
    for (let i = 1; i <= total; i++)
      await app.services.messages.post(groupId, (await app.services.auth.findById(owner.user.id))!, `m${i}`);
    const first = await owner.client.get(`/api/groups/${groupId}/messages`);
    expect(first.body.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(first.body.messages[0].content).toBe("m8");
    expect(first.body.messages.at(-1).content).toBe(`m${total}`);
    const older = await owner.client.get(`/api/groups/${groupId}/messages?before=${first.body.olderCursor}`);
    expect(older.body.messages.map((m: { content: string }) => m.content)).toEqual([
      "m1",
      "m2",
      "m3",
      "m4",
      "m5",
      "m6",
      "m7",
    ]);
    expect(older.body.olderCursor).toBeNull();
    expect((await owner.client.get(`/api/groups/${groupId}/messages?before=x1`)).status).toBe(400);
  });

  it.each([
    [{ content: "" }, VALIDATION.messageRequired],
    [{ content: "   \n " }, VALIDATION.messageRequired],
    [{}, VALIDATION.messageRequired],
    [{ content: 12 }, VALIDATION.messageRequired],
    [{ content: "x".repeat(MESSAGE_MAX + 1) }, VALIDATION.messageTooLong],
    [{ content: "hi", messageType: "html" }, VALIDATION.messageTypeInvalid],
  ])("refuses %j and stores nothing", async (body, message) => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const res = await owner.client.post(`/api/groups/${groupId}/messages`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await owner.client.get(`/api/groups/${groupId}/messages`)).body.messages).toEqual([]);
  });

  it("keeps markup as text", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const content = `<img src=x onerror="alert(1)">`;
    expect((await owner.client.post(`/api/groups/${groupId}/messages`, { content })).body.content).toBe(content);
  });

  it("only members read or write: 401, 403, 404, 400", async () => {
    const owner = await buildUser(app);
    const stranger = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    for (const [method, body] of [
      ["GET", undefined],
      ["POST", { content: "hi" }],
    ] as const) {
      expect((await app.client().request(method, `/api/groups/${groupId}/messages`, body)).status).toBe(401);
      expect((await stranger.client.request(method, `/api/groups/${groupId}/messages`, body)).status).toBe(403);
      expect((await owner.client.request(method, `/api/groups/424242/messages`, body)).status).toBe(404);
      expect((await owner.client.request(method, `/api/groups/0/messages`, body)).status).toBe(400);
    }
  });
});

describe("a deleted account's messages", () => {
  const contents = async (reader: Awaited<ReturnType<typeof buildUser>>, groupId: number) =>
    (
      (await reader.client.get(`/api/groups/${groupId}/messages`)).body as { messages: { content: string }[] }
    ).messages.map((m) => m.content);

  it("go with it, and the group's room hears so, while a member who only left keeps theirs", async () => {
    const owner = await buildUser(app, { firstName: "Olga" });
    const leaver = await buildUser(app, { firstName: "Lena" });
    const deleted = await buildUser(app, { firstName: "Dora" });
    const groupId = await buildGroup(app, owner, { members: [leaver, deleted] });
    await owner.client.post(`/api/groups/${groupId}/messages`, { content: "Bus at six" });
    await leaver.client.post(`/api/groups/${groupId}/messages`, { content: "I head home tomorrow" });
    await deleted.client.post(`/api/groups/${groupId}/messages`, { content: "Count me out" });

    events.length = 0;
    const left = () => events.filter((e) => e.event === "member:left").map(({ room, payload }) => ({ room, payload }));

    expect((await leaver.client.request("DELETE", `/api/groups/${groupId}/members/${leaver.user.id}`)).status).toBe(
      204,
    );
    expect((await deleted.client.request("DELETE", "/api/auth/user", { password: deleted.password })).status).toBe(204);
    expect(left()).toEqual([
      { room: `group:${groupId}`, payload: { groupId, userId: leaver.user.id } },
      { room: `group:${groupId}`, payload: { groupId, userId: deleted.user.id, accountDeleted: true } },
    ]);
    expect(await contents(owner, groupId)).toEqual(["Bus at six", "I head home tomorrow"]);
  });
});
