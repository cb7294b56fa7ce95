import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GroupInvite } from "../../db/entities/index.js";
import { buildGroup } from "../../../test/factories.js";
import { buildUser, startTestApp, type TestApp } from "../../../test/harness.js";

/** After an account is deleted, no row anywhere holds its e-mail address, its id or its last name. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** Every row of every table in the app's schema, as text. */
async function everyRow(): Promise<Array<{ table: string; row: string }>> {
  const tables = (await app.db.query(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
  )) as Array<{ table_name: string }>;
  const rows: Array<{ table: string; row: string }> = [];
  for (const { table_name: table } of tables) {
    const found = (await app.db.query(`SELECT row_to_json(t)::text AS row FROM "${table}" t`)) as Array<{
      row: string;
    }>;
    for (const { row } of found) rows.push({ table, row });
  }
  return rows;
}

const naming = (rows: Array<{ table: string; row: string }>, ...needles: string[]) =>
  rows.filter(({ row }) => needles.some((n) => row.toLowerCase().includes(n.toLowerCase())));

describe("DELETE /api/auth/user leaves no personal data behind", () => {
  it("no invite names the address, whoever sent it; other people's invites stay", async () => {
    const me = await buildUser(app, { firstName: "Zephyrine", lastName: "Quillfeather" });
    const pal = await buildUser(app);
    const other = await buildUser(app);
    const palsGroup = await buildGroup(app, pal, { name: "Pal's trip" });
    const othersGroup = await buildGroup(app, other, { name: "Other trip" });
    const myGroup = await buildGroup(app, me, { name: "My trip", members: [pal] });

    // An invite to my address that I accepted, and one still waiting for me.
    expect((await pal.client.post(`/api/groups/${palsGroup}/invites`, { email: me.user.email })).status).toBe(201);
    const accepted = await app.db.getRepository(GroupInvite).findOneByOrFail({ groupId: palsGroup });
    expect((await me.client.post(`/api/invites/${accepted.inviteToken}/accept`)).status).toBe(200);
    const upper = me.user.email.toUpperCase();
    expect((await other.client.post(`/api/groups/${othersGroup}/invites`, { email: upper })).status).toBe(201);
    // Invites I made, and invites other people made that have nothing to do with me.
    expect((await me.client.post(`/api/groups/${myGroup}/invites`, { email: "friend@example.com" })).status).toBe(201);
    expect((await me.client.post(`/api/groups/${myGroup}/invites/link`, {})).status).toBe(201);
    expect((await pal.client.post(`/api/groups/${palsGroup}/invites`, { email: "cousin@example.com" })).status).toBe(
      201,
    );
    const palsLink = (await pal.client.post(`/api/groups/${palsGroup}/invites/link`, {})).body.inviteToken as string;
    // Some ordinary use, so that the account's traces are spread over many tables.
    await me.client.post(`/api/groups/${palsGroup}/messages`, { content: "hello" });
    await me.client.post(`/api/groups/${palsGroup}/locations`, { latitude: 46.5, longitude: 11.3, address: "Bozen" });
    await me.client.post("/api/shared-trips", { durationHours: 2 });
    await me.client.post("/api/objects/upload");
    await me.client.post("/api/trackers", { name: "Phone" });

    expect(naming(await everyRow(), me.user.email).map((r) => r.table)).toEqual(
      expect.arrayContaining(["users", "group_invites"]),
    );

    expect((await me.client.request("DELETE", "/api/auth/user", { password: me.password })).status).toBe(204);

    const left = naming(await everyRow(), me.user.email, me.user.id, "Quillfeather");
    expect(left).toEqual([]);
    const invites = await app.db.getRepository(GroupInvite).find();
    expect(invites.some((i) => i.email?.toLowerCase() === me.user.email.toLowerCase())).toBe(false);
    // Pal's invites to other people still work.
    expect(invites.map((i) => i.email)).toContain("cousin@example.com");
    expect((await app.client().get(`/api/invites/${palsLink}`)).status).toBe(200);
  });
});
