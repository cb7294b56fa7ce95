import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GroupInvite, GroupMembership } from "../../db/entities/index.js";
import { buildGroup } from "../../../test/factories.js";
import { buildUser, startTestApp, type TestApp } from "../../../test/harness.js";

/**
 * Several people accepting at the same moment. On PostgreSQL (TEST_DATABASE_URL) the accepts really overlap in
 * separate connections; on the embedded database they queue on its one connection, and the answers must be the same.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

/** A group, and an e-mail invite to it for a new user. */
async function emailInvite() {
  const owner = await buildUser(app);
  const groupId = await buildGroup(app, owner);
  const guest = await buildUser(app);
  expect((await owner.client.post(`/api/groups/${groupId}/invites`, { email: guest.user.email })).status).toBe(201);
  const { inviteToken } = await app.db.getRepository(GroupInvite).findOneByOrFail({ groupId, email: guest.user.email });
  return { groupId, guest, inviteToken };
}

describe("accepting at the same moment", () => {
  it("five people with one link all get in", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    const { inviteToken } = (await owner.client.post(`/api/groups/${groupId}/invites/link`, {})).body;
    const guests = await Promise.all(Array.from({ length: 5 }, () => buildUser(app)));

    const answers = await Promise.all(guests.map((g) => g.client.post(`/api/invites/${inviteToken}/accept`)));

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const a of answers) expect(a.body).toEqual({ groupId, alreadyMember: false });
    const members = await app.db.getRepository(GroupMembership).findBy({ groupId });
    expect(members.map((m) => m.userId).sort()).toEqual([owner.user.id, ...guests.map((g) => g.user.id)].sort());
    const invite = await app.db.getRepository(GroupInvite).findOneByOrFail({ inviteToken });
    expect(invite.useCount).toBe(5);
  });

  it("one e-mail invite accepted four times at once by its addressee makes one membership", async () => {
    const { groupId, guest, inviteToken } = await emailInvite();

    const answers = await Promise.all(
      Array.from({ length: 4 }, () => guest.client.post(`/api/invites/${inviteToken}/accept`)),
    );

    // One joins; the others find the caller already in the group, which is what accepting again answers.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.alreadyMember === false)).toHaveLength(1);
    expect(answers.filter((a) => a.body.alreadyMember === true)).toHaveLength(3);
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId, userId: guest.user.id })).toBe(1);
    const invite = await app.db.getRepository(GroupInvite).findOneByOrFail({ inviteToken });
    expect(invite.useCount).toBe(1);
    expect(invite.usedAt).not.toBeNull();
  });

  it("an e-mail invite accepted again by its addressee, once in, answers that they are a member", async () => {
    const { groupId, guest, inviteToken } = await emailInvite();

    const first = await guest.client.post(`/api/invites/${inviteToken}/accept`);
    const again = await guest.client.post(`/api/invites/${inviteToken}/accept`);

    expect([first.status, first.body]).toEqual([200, { groupId, alreadyMember: false }]);
    expect([again.status, again.body]).toEqual([200, { groupId, alreadyMember: true }]);
  });

  it("one e-mail invite accepted by four people at once lets exactly one in; the others hear it is used", async () => {
    const owner = await buildUser(app);
    const groupId = await buildGroup(app, owner);
    expect((await owner.client.post(`/api/groups/${groupId}/invites`, { email: "shared@example.com" })).status).toBe(
      201,
    );
    const { inviteToken } = await app.db
      .getRepository(GroupInvite)
      .findOneByOrFail({ groupId, email: "shared@example.com" });
    const guests = await Promise.all(Array.from({ length: 4 }, () => buildUser(app)));

    const answers = await Promise.all(guests.map((g) => g.client.post(`/api/invites/${inviteToken}/accept`)));

    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410, 410]);
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId })).toBe(2);
  });
});
