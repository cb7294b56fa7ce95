import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS, VALIDATION } from "@caravan/common";
import { buildGroup, recordRealtime, type PublishedEvent } from "../../../test/factories.js";
import { buildUser, startTestApp, type TestApp } from "../../../test/harness.js";

let app: TestApp;
let events: PublishedEvent[];
beforeAll(async () => {
  app = await startTestApp();
  events = recordRealtime(app);
});
afterAll(() => app?.close());

describe("checklists", () => {
  it("create, add items, tick and untick, delete: each change told to the group room", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app, { firstName: "Noor" });
    const groupId = await buildGroup(app, owner, { members: [member] });
    events.length = 0;

    const created = await owner.client.post(`/api/groups/${groupId}/checklists`, {
      title: "  Packing  ",
      description: "",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ groupId, title: "Packing", description: null, items: [] });
    const id = created.body.id as number;

    const withItem = await member.client.post(`/api/checklists/${id}/items`, { text: " Passports " });
    expect(withItem.status).toBe(201);
    const item = withItem.body.items[0];
    expect(item).toMatchObject({ text: "Passports", completed: false, completedByUser: null });

    const ticked = await member.client.put(`/api/checklist-items/${item.id}/toggle`, { completed: true });
    expect(ticked.status).toBe(200);
    expect(ticked.body.items[0]).toMatchObject({
      completed: true,
      completedByUser: { firstName: "Noor", email: member.user.email },
    });
    expect(ticked.body.items[0].completedAt).not.toBeNull();

    const unticked = await owner.client.put(`/api/checklist-items/${item.id}/toggle`, { completed: false });
    expect(unticked.body.items[0]).toMatchObject({ completed: false, completedByUser: null, completedAt: null });

    const list = await member.client.get(`/api/groups/${groupId}/checklists`);
    expect(list.body).toEqual([unticked.body]);

    expect((await owner.client.delete(`/api/checklist-items/${item.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/checklists/${id}`)).status).toBe(204);
    expect((await owner.client.get(`/api/groups/${groupId}/checklists`)).body).toEqual([]);

    expect(events.map((e) => [e.room, e.event])).toEqual(Array(6).fill([`group:${groupId}`, "checklist:changed"]));
    expect(events.at(-1)!.payload).toEqual({ groupId, checklistId: id, checklist: null });
    expect(events[2]!.payload.checklist.items[0].completed).toBe(true);
  });

  it("a completer who deletes their account leaves the item ticked without a name", async () => {
    const owner = await buildUser(app);
    const member = await buildUser(app);
    const groupId = await buildGroup(app, owner, { members: [member] });
    const { id } = (await owner.client.post(`/api/groups/${groupId}/checklists`, { title: "Food" })).body;
    const { items } = (await owner.client.post(`/api/checklists/${id}/items`, { text: "Bread" })).body;
    await member.client.put(`/api/checklist-items/${items[0].id}/toggle`, { completed: true });
    await app.db.query(`DELETE FROM users WHERE id = $1`, [member.user.id]);
    const [list] = (await owner.client.get(`/api/groups/${groupId}/checklists`)).body;
    expect(list.items[0]).toMatchObject({ completed: true, completedByUser: null });
  });

  it.each([
    ["POST", "checklists", { title: "   " }, VALIDATION.checklistTitleRequired],
    ["POST", "checklists", { title: "x".repeat(256) }, VALIDATION.checklistTitleTooLong],
    ["POST", "checklists", {}, VALIDATION.checklistTitleRequired],
  ])("%s %s %j -> 400", async (method, path, body, message) => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const res = await owner.client.request(method, `/api/groups/${groupId}/${path}`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("validates items and toggles", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const { id } = (await owner.client.post(`/api/groups/${groupId}/checklists`, { title: "T" })).body;
    expect((await owner.client.post(`/api/checklists/${id}/items`, { text: "  " })).body.message).toBe(
      VALIDATION.itemTextRequired,
    );
    const { items } = (await owner.client.post(`/api/checklists/${id}/items`, { text: "ok" })).body;
    const bad = await owner.client.put(`/api/checklist-items/${items[0].id}/toggle`, { completed: "yes" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(VALIDATION.completedFlag);
  });

  it("a member of another group can neither read nor change this group's checklists by guessing ids", async () => {
    const owner = await buildUser(app);
    const other = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    await buildGroup(app, other);
    const { id } = (await owner.client.post(`/api/groups/${groupId}/checklists`, { title: "Private" })).body;
    const { items } = (await owner.client.post(`/api/checklists/${id}/items`, { text: "Secret" })).body;
    const itemId = items[0].id;

    expect((await other.client.get(`/api/groups/${groupId}/checklists`)).status).toBe(403);
    expect((await other.client.post(`/api/groups/${groupId}/checklists`, { title: "x" })).status).toBe(403);
    // By their own ids, another group's checklists and items answer as missing ones (docs/decisions/0011-access-rules.md).
    expect((await other.client.post(`/api/checklists/${id}/items`, { text: "x" })).body).toEqual({
      message: ERRORS.checklistNotFound,
    });
    expect((await other.client.post(`/api/checklists/${id}/items`, { text: "x" })).status).toBe(404);
    expect((await other.client.put(`/api/checklist-items/${itemId}/toggle`, { completed: true })).status).toBe(404);
    expect((await other.client.delete(`/api/checklist-items/${itemId}`)).status).toBe(404);
    expect((await other.client.delete(`/api/checklists/${id}`)).status).toBe(404);
    for (const [m, p] of [
      ["DELETE", `/api/checklists/${id}`],
      ["PUT", `/api/checklist-items/${itemId}/toggle`],
    ] as const) {
      expect((await app.client().request(m, p, { completed: true })).status).toBe(401);
    }
    expect((await owner.client.delete(`/api/checklists/999999`)).status).toBe(404);
    expect((await owner.client.delete(`/api/checklist-items/999999`)).status).toBe(404);
    expect((await owner.client.delete(`/api/checklists/abc`)).status).toBe(400);

    const [still] = (await owner.client.get(`/api/groups/${groupId}/checklists`)).body;
    expect(still.items).toEqual([expect.objectContaining({ text: "Secret", completed: false })]);
  });
});
