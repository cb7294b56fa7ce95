import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, buildUser, type TestApp } from "../../test/harness.js";
import { Group, GroupMembership, GroupMessage } from "./entities/index.js";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe("schema", () => {
  it("the migrations produce exactly the schema the entities describe", async () => {
    const pending = await app.db.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it("answers concurrent queries and transactions each with its own result", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? app.db.query(`SELECT $1::int AS n`, [i])
          : app.db.transaction(async (tx) => {
              await tx.query(`SELECT $1::text AS t`, [`other ${i}`]);
              return tx.query(`SELECT $1::int AS n`, [i]);
            }),
      ),
    );
    expect(answers.map((rows) => rows[0].n)).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it("has every table of docs/product.md §3", async () => {
    const rows: { table_name: string }[] = await app.db.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual(
      [
        "checklist_items",
        "group_checklists",
        "group_invites",
        "group_memberships",
        "group_messages",
        "group_removals",
        "groups",
        "migrations",
        "notifications",
        "object_uploads",
        "sessions",
        "shared_trip_locations",
        "shared_trip_messages",
        "shared_trip_views",
        "shared_trips",
        "tracker_group_sharing",
        "trackers",
        "trip_proposal_votes",
        "trip_proposals",
        "user_locations",
        "users",
      ].sort(),
    );
  });

  it("defaults a group's status to planning and cascades its deletion to memberships and messages", async () => {
    const { user } = await buildUser(app);
    const groups = app.db.getRepository(Group);
    const { identifiers } = await groups.insert({ name: "Cascade trip", ownerId: user.id });
    const groupId = identifiers[0]!.id as number;
    expect((await groups.findOneByOrFail({ id: groupId })).status).toBe("planning");
    await app.db.getRepository(GroupMembership).insert({ groupId, userId: user.id, role: "owner" });
    await app.db.getRepository(GroupMessage).insert({ groupId, userId: user.id, content: "hello" });
    await groups.delete({ id: groupId });
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId })).toBe(0);
    expect(await app.db.getRepository(GroupMessage).countBy({ groupId })).toBe(0);
  });

  it("allows one membership per member and group", async () => {
    const { user } = await buildUser(app);
    const { identifiers } = await app.db.getRepository(Group).insert({ name: "Once", ownerId: user.id });
    const groupId = identifiers[0]!.id as number;
    const memberships = app.db.getRepository(GroupMembership);
    await memberships.insert({ groupId, userId: user.id });
    await expect(memberships.insert({ groupId, userId: user.id })).rejects.toMatchObject({
      driverError: { code: "23505" },
    });
  });

  it("stores message text encrypted: the database never holds it in clear", async () => {
    const { user } = await buildUser(app);
    const { identifiers } = await app.db.getRepository(Group).insert({ name: "Secret", ownerId: user.id });
    const groupId = identifiers[0]!.id as number;
    await app.db.getRepository(GroupMessage).insert({ groupId, userId: user.id, content: "meet at the blue door" });
    const [raw] = await app.db.query(`SELECT content FROM group_messages WHERE group_id = $1`, [groupId]);
    expect(raw.content).toMatch(/^v1:/);
    expect(raw.content).not.toContain("blue door");
    const read = await app.db.getRepository(GroupMessage).findOneByOrFail({ groupId });
    expect(read.content).toBe("meet at the blue door");
  });
});
