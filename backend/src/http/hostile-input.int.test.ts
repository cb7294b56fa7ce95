import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS, INPUT_STRING_MAX, INPUT_TEXTS, VALIDATION } from "@caravan/common";
import { buildGroup } from "../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../test/harness.js";

let app: TestApp;
let owner: BuiltUser;
let groupId: number;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMITS: "off" });
  owner = await buildUser(app);
  groupId = await buildGroup(app, owner);
});
afterAll(() => app?.close());

/**
 * The reproduction: an address whose domain is all dots, ending in a second @, as long as the input guard lets a
 * value be (longer ones it refuses before any validator runs, below).
 */
const DOTS = "a@" + ".".repeat(INPUT_STRING_MAX - 3) + "@";
const OVERSIZED = "x".repeat(60_000);

describe("long values are refused by their length, not by a backtracking pattern", () => {
  it("answers the all-dots address with 400 on sign-in while /healthz keeps answering", async () => {
    const c = app.client();
    const [signin, health] = await Promise.all([
      c.post("/api/auth/signin", { email: DOTS, password: "x" }),
      // Sent right after: with the old pattern it queued behind seconds of backtracking.
      new Promise((r) => setTimeout(r, 5)).then(() => fetch(`${app.url}/healthz`)),
    ]);
    expect(signin.status).toBe(400);
    expect(signin.body.message).toBe(VALIDATION.emailTooLong);
    expect(health.status).toBe(200);
  });

  it("answers the same on sign-up and on an e-mail invite", async () => {
    const signup = await app.client().post("/api/auth/signup", {
      firstName: "A",
      lastName: "B",
      email: DOTS,
      password: "Travel2026",
      confirmPassword: "Travel2026",
    });
    expect(signup.status).toBe(400);
    expect(signup.body.errors.email).toBe(VALIDATION.emailTooLong);
    const invite = await owner.client.post(`/api/groups/${groupId}/invites`, { email: DOTS });
    expect(invite.status).toBe(400);
    expect(invite.body.message).toBe(VALIDATION.inviteEmailInvalid);
  });

  it("refuses an overlong cover image address by its length", async () => {
    const res = await owner.client.post("/api/groups", {
      name: "Long",
      coverImageUrl: "https://" + "a".repeat(INPUT_STRING_MAX - 9) + " ",
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.coverImageUrl).toBe(VALIDATION.coverImageUrlTooLong);
  });

  it("refuses an overlong value in every text field of a group", async () => {
    const long = "x".repeat(INPUT_STRING_MAX);
    for (const field of ["name", "description", "destinationName", "destinationAddress", "destinationPlaceId"]) {
      const res = await owner.client.post("/api/groups", { name: "Long", [field]: long });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
  });

  it("refuses a 60 kB body value or key before any validator, signed out and signed in", async () => {
    for (const res of [
      await app.client().post("/api/auth/signin", { email: "a@" + OVERSIZED, password: "x" }),
      await owner.client.post("/api/groups", { name: "Long", description: OVERSIZED }),
      await owner.client.post("/api/groups", { name: "Long", [OVERSIZED]: "x" }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(INPUT_TEXTS.valueTooLong);
    }
  });
});

describe("input that used to reach the database or the stack as a 500", () => {
  const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

  it("refuses JSON nested 3,000 deep with 400, signed out and signed in", async () => {
    const deep = `{"email":${nested(3000)},"password":"x"}`;
    const signedOut = await app.client().post("/api/auth/signin", deep);
    expect(signedOut.status).toBe(400);
    expect(signedOut.body.message).toBe(ERRORS.nestingTooDeep);
    const signedIn = await owner.client.post("/api/groups", `{"name":${nested(3000)}}`);
    expect(signedIn.status).toBe(400);
    expect(signedIn.body.message).toBe(ERRORS.nestingTooDeep);
    // Depth within the limit reaches the validator as before.
    const shallow = await owner.client.post("/api/groups", `{"name":${nested(5)}}`);
    expect(shallow.status).toBe(400);
    expect(shallow.body.errors.name).toBe(VALIDATION.groupNameRequired);
  });

  it("refuses a NUL character in a body value, a key, a path and a query string with 400", async () => {
    const before = await app.db.query(`SELECT count(*)::int AS n FROM groups`);
    for (const res of [
      await owner.client.post("/api/groups", { name: "Nul\u0000Trip" }),
      await owner.client.post("/api/groups", { name: "Trip", ["desc\u0000"]: "x" }),
      await owner.client.post(`/api/groups/${groupId}/messages`, { content: "hi\u0000" }),
      await owner.client.get("/api/invites/%00"),
      await owner.client.get(`/api/groups/${groupId}/messages?before=%00`),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ERRORS.nulCharacter);
    }
    const after = await app.db.query(`SELECT count(*)::int AS n FROM groups`);
    expect(after[0].n).toBe(before[0].n);
  });

  it("treats messageType null as the default text type", async () => {
    const res = await owner.client.post(`/api/groups/${groupId}/messages`, { content: "hello", messageType: null });
    expect(res.status).toBe(201);
    expect(res.body.messageType).toBe("text");
    const share = await owner.client.post("/api/shared-trips", { durationHours: 1 });
    expect(share.status).toBe(201);
    const shared = await owner.client.post(`/api/shared-trips/${share.body.shareToken}/messages`, {
      content: "hello",
      messageType: null,
    });
    expect(shared.status).toBe(201);
    expect(shared.body.messageType).toBe("text");
  });
});

describe("racing deletes answer 404, never 500", () => {
  it("deleting a checklist while its items are added, toggled and deleted", async () => {
    for (let round = 0; round < 3; round += 1) {
      const list = await owner.client.post(`/api/groups/${groupId}/checklists`, { title: `Race ${round}` });
      const items: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await owner.client.post(`/api/checklists/${list.body.id}/items`, { text: `item ${i}` });
        items.push(res.body.items.at(-1).id);
      }
      const calls = [
        ...items.map((id) => owner.client.put(`/api/checklist-items/${id}/toggle`, { completed: true })),
        ...items.slice(0, 3).map((id) => owner.client.delete(`/api/checklist-items/${id}`)),
        ...Array.from({ length: 8 }, (_, i) =>
          owner.client.post(`/api/checklists/${list.body.id}/items`, { text: `late ${i}` }),
        ),
        owner.client.delete(`/api/checklists/${list.body.id}`),
        ...items.slice(3).map((id) => owner.client.put(`/api/checklist-items/${id}/toggle`, { completed: false })),
      ];
      const statuses = (await Promise.all(calls)).map((r) => r.status);
      for (const s of statuses) expect([200, 201, 204, 404]).toContain(s);
      const [left] = await app.db.query(`SELECT count(*)::int AS n FROM checklist_items WHERE checklist_id = $1`, [
        list.body.id,
      ]);
      expect(left.n).toBe(0);
    }
  });

  it("deleting a group while its members post messages", async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await buildGroup(app, owner, { name: `Doomed ${round}` });
      const post = (i: number) => owner.client.post(`/api/groups/${id}/messages`, { content: `last words ${i}` });
      const calls = [0, 1, 2, 3, 4].map(post);
      calls.push(owner.client.delete(`/api/groups/${id}`), ...[5, 6, 7, 8, 9].map(post));
      const statuses = (await Promise.all(calls)).map((r) => r.status);
      for (const s of statuses) expect([201, 204, 403, 404]).toContain(s);
    }
  });
});
