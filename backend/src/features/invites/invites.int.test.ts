import fs from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS, VALIDATION } from "@caravan/common";
import { Group, GroupMembership } from "../../db/entities/index.js";
import { buildGroup } from "../../../test/factories.js";
import type { Realtime } from "../../realtime/publisher.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";

let app: TestApp;
const published: Array<{ room: string; event: string; payload: any }> = [];
beforeAll(async () => {
  app = await startTestApp();
  const recorder: Realtime = {
    publish: (room, event, payload) => void published.push({ room, event, payload }),
    evict: async () => {},
  };
  app.services.realtime = recorder;
});
afterAll(() => app?.close());

const groupOf = (owner: BuiltUser, name = "Alps 2027") =>
  buildGroup(app, owner, { name, startDate: new Date("2027-07-01T00:00:00Z") });

/** The .eml body parts are quoted-printable: undo it so the test reads what a mail client shows. */
const unquote = (eml: string) =>
  eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

const outboxFiles = () => {
  const dir = path.join(app.config.dataDir, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => unquote(fs.readFileSync(path.join(dir, f), "utf8"))) : [];
};

describe("link invites", () => {
  it("a member creates a link; anyone previews it signed out; a new user joins once, however often they accept", async () => {
    const owner = await buildUser(app);
    const groupId = await groupOf(owner);
    const created = await owner.client.post(`/api/groups/${groupId}/invites/link`, {});
    expect(created.status).toBe(201);
    const token: string = created.body.inviteToken;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const preview = await app.client().get(`/api/invites/${token}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      groupId,
      member: false,
      group: {
        name: "Alps 2027",
        description: "Hut to hut",
        startDate: "2027-07-01T00:00:00.000Z",
        status: "planning",
      },
    });

    const guest = await buildUser(app);
    expect((await guest.client.get(`/api/invites/${token}`)).body.member).toBe(false);
    published.length = 0;
    const accepted = await guest.client.post(`/api/invites/${token}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ groupId, alreadyMember: false });
    expect(published).toEqual([
      expect.objectContaining({ room: `group:${groupId}`, event: "member:joined" }),
      expect.objectContaining({
        event: "notification:created",
        payload: expect.objectContaining({ kind: "member-joined" }),
      }),
    ]);
    expect(published[0]!.payload.member).toMatchObject({ userId: guest.user.id, role: "member" });

    const again = await guest.client.post(`/api/invites/${token}/accept`);
    expect(again.body).toEqual({ groupId, alreadyMember: true });
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId, userId: guest.user.id })).toBe(1);
    expect(published).toHaveLength(2);
    // Reopening the link, a member is told so (the join page offers to open the group instead).
    expect((await guest.client.get(`/api/invites/${token}`)).body.member).toBe(true);
    expect((await owner.client.get(`/api/invites/${token}`)).body.member).toBe(true);

    // A link is not single-use: a second person joins with it too.
    const third = await buildUser(app);
    expect((await third.client.post(`/api/invites/${token}/accept`)).status).toBe(200);
  });

  it("answers 404 for an unknown token and 410 for an expired one", async () => {
    const owner = await buildUser(app);
    const groupId = await groupOf(owner);
    expect((await app.client().get(`/api/invites/nope`)).body).toEqual({ message: ERRORS.inviteNotFound });
    expect((await app.client().get(`/api/invites/nope`)).status).toBe(404);
    const { inviteToken } = (await owner.client.post(`/api/groups/${groupId}/invites/link`, {})).body;
    await app.db.query(`UPDATE group_invites SET expires_at = now() - interval '1 second' WHERE invite_token = $1`, [
      inviteToken,
    ]);
    const expired = await app.client().get(`/api/invites/${inviteToken}`);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ message: ERRORS.inviteExpired });
    const guest = await buildUser(app);
    expect((await guest.client.post(`/api/invites/${inviteToken}/accept`)).status).toBe(410);
    expect(await app.db.getRepository(GroupMembership).countBy({ groupId, userId: guest.user.id })).toBe(0);
  });

  it("expires after INVITE_TTL_DAYS", async () => {
    const owner = await buildUser(app);
    const groupId = await groupOf(owner);
    const { expiresAt } = (await owner.client.post(`/api/groups/${groupId}/invites/link`, {})).body;
    const days = (new Date(expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });
});

describe("e-mail invites", () => {
  it("writes the e-mail to the outbox with the link, group and inviter, in text and HTML; it works once", async () => {
    const owner = await buildUser(app, { firstName: "Rosa", lastName: "<b>Diaz</b>" });
    const groupId = await groupOf(owner, "Coast & <Cliffs>");
    const before = outboxFiles().length;
    const res = await owner.client.post(`/api/groups/${groupId}/invites`, { email: "Friend@Example.com" });
    expect(res.status).toBe(201);
    expect(res.body.email).toBe("friend@example.com");
    const mails = outboxFiles();
    expect(mails).toHaveLength(before + 1);
    const eml = mails.find((m) => m.includes("friend@example.com"))!;
    const [{ invite_token: token }] = await app.db.query(
      `SELECT invite_token FROM group_invites WHERE group_id = $1 AND email = 'friend@example.com'`,
      [groupId],
    );
    expect(eml).toContain("multipart/alternative");
    expect(eml).toContain(`${app.config.publicUrl}/join/${token}`);
    expect(eml).toContain("Coast &amp; &lt;Cliffs&gt;");
    expect(eml).toContain("&lt;b&gt;Diaz&lt;/b&gt;");
    expect(eml).not.toContain("<b>Diaz</b></strong>");

    const first = await buildUser(app);
    expect((await first.client.post(`/api/invites/${token}/accept`)).status).toBe(200);
    const second = await buildUser(app);
    const reuse = await second.client.post(`/api/invites/${token}/accept`);
    expect(reuse.status).toBe(410);
    expect(reuse.body).toEqual({ message: ERRORS.inviteUsed });
    expect((await app.client().get(`/api/invites/${token}`)).status).toBe(410);
  });

  it.each(["", "not-an-email", "a@b", 7, null])("refuses %j with the product's message", async (email) => {
    const owner = await buildUser(app);
    const groupId = await groupOf(owner);
    const res = await owner.client.post(`/api/groups/${groupId}/invites`, { email });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(VALIDATION.inviteEmailInvalid);
  });
});

describe("who may invite", () => {
  it("signed out 401, stranger 403, unknown group 404, malformed id 400", async () => {
    const owner = await buildUser(app);
    const stranger = await buildUser(app);
    const groupId = await groupOf(owner);
    for (const p of [`/api/groups/${groupId}/invites/link`, `/api/groups/${groupId}/invites`]) {
      const body = { email: "x@example.com" };
      expect((await app.client().post(p, body)).status).toBe(401);
      expect((await stranger.client.post(p, body)).status).toBe(403);
    }
    expect((await owner.client.post(`/api/groups/999999/invites/link`, {})).status).toBe(404);
    expect((await owner.client.post(`/api/groups/abc/invites/link`, {})).status).toBe(400);
  });

  it("accepting needs a signed-in user", async () => {
    const owner = await buildUser(app);
    const groupId = await groupOf(owner);
    const { inviteToken } = (await owner.client.post(`/api/groups/${groupId}/invites/link`, {})).body;
    expect((await app.client().post(`/api/invites/${inviteToken}/accept`)).status).toBe(401);
  });

  it("a plain member may invite too", async () => {
    const owner = await buildUser(app);
    const groupId = await groupOf(owner);
    const member = await buildUser(app);
    await app.db.getRepository(GroupMembership).insert({ groupId, userId: member.user.id });
    expect((await member.client.post(`/api/groups/${groupId}/invites/link`, {})).status).toBe(201);
  });
});

describe("SMTP delivery", () => {
  it("sends through a real SMTP server when SMTP_URL is set, and withdraws the invite when it cannot", async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, cb) {
        let data = "";
        stream.on("data", (c: Buffer) => (data += c.toString()));
        stream.on("end", () => {
          received.push(data);
          cb();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", () => r()));
    const port = (smtp.server.address() as { port: number }).port;
    const mailApp = await startTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: "Trips <trips@example.org>",
    });
    try {
      const owner = await buildUser(mailApp);
      const { identifiers } = await mailApp.db.getRepository(Group).insert({ name: "Fjords", ownerId: owner.user.id });
      const groupId = identifiers[0]!.id as number;
      await mailApp.db.getRepository(GroupMembership).insert({ groupId, userId: owner.user.id, role: "owner" });
      const res = await owner.client.post(`/api/groups/${groupId}/invites`, { email: "pal@example.com" });
      expect(res.status).toBe(201);
      expect(received).toHaveLength(1);
      expect(received[0]).toContain("To: pal@example.com");
      expect(received[0]).toContain("From: Trips <trips@example.org>");
      expect(received[0]).toContain("Fjords");

      await new Promise<void>((r) => smtp.close(() => r()));
      const failed = await owner.client.post(`/api/groups/${groupId}/invites`, { email: "other@example.com" });
      expect(failed.status).toBe(502);
      // A server-side failure names its request, for the operator's logs (docs/ops/logs.md).
      expect(failed.body).toEqual({ message: ERRORS.inviteMailFailed, requestId: expect.any(String) });
      const left = await mailApp.db.query(`SELECT 1 FROM group_invites WHERE email = 'other@example.com'`);
      expect(left).toHaveLength(0);
    } finally {
      await mailApp.close();
      smtp.close(() => {});
    }
  });
});
