import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ObjectUpload } from "../../db/entities/index.js";
import { buildGroup } from "../../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";
import { ORPHAN_GRACE_MS } from "./uploads.service.js";

/** Images go when what they belong to goes: account deletion and group deletion, on the embedded file storage. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const png = () =>
  sharp({ create: { width: 16, height: 12, channels: 3, background: "#c05621" } })
    .png()
    .toBuffer();

async function upload(user: BuiltUser): Promise<string> {
  const ticket = await user.client.post("/api/objects/upload");
  expect(ticket.status).toBe(200);
  const res = await fetch(app.url + ticket.body.uploadURL, {
    method: "PUT",
    body: await png(),
    headers: { cookie: user.client.cookieHeader, "content-type": "image/png" },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { objectPath: string }).objectPath;
}

const setCover = async (user: BuiltUser, groupId: number, objectPath: string) =>
  expect((await user.client.put(`/api/groups/${groupId}/cover-image`, { coverImageURL: objectPath })).status).toBe(200);

const file = (objectPath: string) =>
  path.join(app.config.dataDir, "uploads", ...objectPath.replace("/api/uploads/", "").split("/"));
const served = async (objectPath: string) => (await fetch(app.url + objectPath)).status;
const deleteAccount = (who: BuiltUser) => who.client.request("DELETE", "/api/auth/user", { password: who.password });

describe("account deletion", () => {
  it("removes the covers of the groups deleted with it and its unused uploads; covers still shown stay", async () => {
    const me = await buildUser(app);
    const pal = await buildUser(app);
    const solo = await buildGroup(app, me, { name: "Solo" });
    const shared = await buildGroup(app, me, { name: "Shared", members: [pal] });
    const palsGroup = await buildGroup(app, pal, { name: "Pal's", members: [me] });
    const soloCover = await upload(me);
    const sharedCover = await upload(me);
    const coverISetOnPalsGroup = await upload(me);
    const unused = await upload(me);
    await setCover(me, solo, soloCover);
    await setCover(me, shared, sharedCover);
    await setCover(me, palsGroup, coverISetOnPalsGroup);
    const palsOwn = await upload(pal);
    for (const p of [soloCover, sharedCover, coverISetOnPalsGroup, unused, palsOwn]) {
      expect(fs.existsSync(file(p))).toBe(true);
      expect(await served(p)).toBe(200);
    }

    expect((await deleteAccount(me)).status).toBe(204);

    // The group deleted with the account loses its cover; the image never used goes too.
    for (const gone of [soloCover, unused]) {
      expect(await served(gone)).toBe(404);
      expect(fs.existsSync(file(gone))).toBe(false);
    }
    // Groups that live on (one handed over to pal, one pal owns) keep showing theirs; pal's own upload is untouched.
    for (const kept of [sharedCover, coverISetOnPalsGroup, palsOwn]) {
      expect(await served(kept)).toBe(200);
      expect(fs.existsSync(file(kept))).toBe(true);
    }
    expect((await pal.client.get(`/api/groups/${shared}`)).body.coverImageUrl).toBe(sharedCover);
    expect(await app.db.getRepository(ObjectUpload).countBy({ userId: me.user.id })).toBe(0);
  });

  it("a deleted group's cover uploaded by someone else goes too, unless another group shows it", async () => {
    const me = await buildUser(app);
    const pal = await buildUser(app);
    const mine = await buildGroup(app, me, { name: "Mine" });
    await app.db.query(`INSERT INTO group_memberships (group_id, user_id, role) VALUES ($1, $2, 'member')`, [
      mine,
      pal.user.id,
    ]);
    const alsoMine = await buildGroup(app, me, { name: "Also mine" });
    const palsGroup = await buildGroup(app, pal, { name: "Pal's" });
    // Pal sets covers on my groups, then leaves the first, so both die with my account.
    const palsCover = await upload(pal);
    const palsSharedCover = await upload(pal);
    await setCover(pal, mine, palsCover);
    await app.db.query(`INSERT INTO group_memberships (group_id, user_id, role) VALUES ($1, $2, 'member')`, [
      alsoMine,
      pal.user.id,
    ]);
    await setCover(pal, alsoMine, palsSharedCover);
    await setCover(pal, palsGroup, palsSharedCover);
    await app.db.query(`DELETE FROM group_memberships WHERE user_id = $1 AND group_id = ANY($2)`, [
      pal.user.id,
      [mine, alsoMine],
    ]);

    expect((await deleteAccount(me)).status).toBe(204);

    expect(await served(palsCover)).toBe(404);
    expect(fs.existsSync(file(palsCover))).toBe(false);
    expect(await served(palsSharedCover)).toBe(200);
  });

  it("nothing is removed when the deletion rolls back", async () => {
    const me = await buildUser(app);
    const groupId = await buildGroup(app, me);
    const cover = await upload(me);
    const unused = await upload(me);
    await setCover(me, groupId, cover);
    // The deletion fails after the images were picked, inside the transaction.
    await app.db.query(`CREATE FUNCTION refuse_user_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused'; END $$`);
    await app.db.query(
      `CREATE TRIGGER refuse_user_delete BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION refuse_user_delete()`,
    );
    try {
      expect((await deleteAccount(me)).status).toBe(500);
    } finally {
      await app.db.query(`DROP TRIGGER refuse_user_delete ON users`);
      await app.db.query(`DROP FUNCTION refuse_user_delete()`);
    }
    for (const kept of [cover, unused]) {
      expect(await served(kept)).toBe(200);
      expect(fs.existsSync(file(kept))).toBe(true);
    }
    expect(await app.db.getRepository(ObjectUpload).countBy({ userId: me.user.id })).toBe(2);
  });

  it("an object that cannot be removed does not fail the deletion; the orphan sweep removes it later", async () => {
    const me = await buildUser(app);
    const pal = await buildUser(app);
    const unused = await upload(me);
    const palsUnused = await upload(pal);
    vi.spyOn(app.services.storage, "delete").mockRejectedValueOnce(new Error("storage is down"));

    expect((await deleteAccount(me)).status).toBe(204);
    expect(fs.existsSync(file(unused))).toBe(true);
    vi.restoreAllMocks();

    // Young objects are left alone: an upload's file is stored a moment before its row names it.
    expect(await app.services.uploads.sweepOrphans()).toBe(0);
    expect(fs.existsSync(file(unused))).toBe(true);
    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    expect(await app.services.uploads.sweepOrphans(later)).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(file(unused))).toBe(false);
    expect(await served(unused)).toBe(404);
    // What a row or a cover still names stays.
    expect(fs.existsSync(file(palsUnused))).toBe(true);
  });
});

describe("group deletion", () => {
  it("removes the group's cover, unless another group shows it", async () => {
    const owner = await buildUser(app);
    const first = await buildGroup(app, owner, { name: "First" });
    const second = await buildGroup(app, owner, { name: "Second" });
    const third = await buildGroup(app, owner, { name: "Third" });
    const cover = await upload(owner);
    const sharedCover = await upload(owner);
    await setCover(owner, first, cover);
    await setCover(owner, second, sharedCover);
    await setCover(owner, third, sharedCover);

    expect((await owner.client.delete(`/api/groups/${first}`)).status).toBe(204);
    expect(await served(cover)).toBe(404);
    expect(fs.existsSync(file(cover))).toBe(false);
    expect(await app.db.getRepository(ObjectUpload).countBy({ objectKey: cover.replace("/api/uploads/", "") })).toBe(0);

    expect((await owner.client.delete(`/api/groups/${second}`)).status).toBe(204);
    expect(await served(sharedCover)).toBe(200);
    expect((await owner.client.delete(`/api/groups/${third}`)).status).toBe(204);
    expect(await served(sharedCover)).toBe(404);
    expect(fs.existsSync(file(sharedCover))).toBe(false);
  });
});
