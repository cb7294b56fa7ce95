import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { Client } from "minio";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGroup } from "../../../test/factories.js";
import { ORPHAN_GRACE_MS } from "./uploads.service.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";

/**
 * The S3 storage path against a real S3-compatible server on loopback. s3rver accepts requests whatever their
 * signature, so this proves the calls and the data flow, not the credentials.
 */
const BUCKET = "caravan-covers";
const CREDENTIALS = { accessKey: "S3RVER", secretKey: "S3RVER" };

let s3: { close(): Promise<void> };
let s3Dir: string;
let endpoint: { host: string; port: number };
let app: TestApp;
let owner: BuiltUser;
let minio: Client;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: s3Dir });
  const address = (await server.run()) as AddressInfo;
  s3 = server;
  endpoint = { host: "127.0.0.1", port: address.port };
  minio = new Client({ endPoint: endpoint.host, port: endpoint.port, useSSL: false, pathStyle: true, ...CREDENTIALS });
  app = await startTestApp({
    S3_ENDPOINT: `http://${endpoint.host}:${endpoint.port}`,
    S3_ACCESS_KEY: CREDENTIALS.accessKey,
    S3_SECRET_KEY: CREDENTIALS.secretKey,
    S3_BUCKET: BUCKET,
  });
  owner = await buildUser(app);
});
afterAll(async () => {
  await app?.close();
  await s3?.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});

async function uploadImage(bytes: Buffer, as: BuiltUser = owner): Promise<string> {
  const ticket = await as.client.post("/api/objects/upload");
  const res = await fetch(app.url + ticket.body.uploadURL, {
    method: "PUT",
    body: bytes,
    headers: { cookie: as.client.cookieHeader, "content-type": "image/webp" },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { objectPath: string }).objectPath;
}

const keyOf = (objectPath: string) => objectPath.replace("/api/uploads/", "");

async function readObject(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await minio.getObject(BUCKET, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe("cover images in S3", () => {
  it("creates the missing bucket, stores the re-encoded image there and serves it through the app", async () => {
    expect(app.services.storage.kind).toBe("s3");
    expect(await minio.bucketExists(BUCKET)).toBe(false);

    const webp = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#38a169" } })
      .webp()
      .toBuffer();
    const objectPath = await uploadImage(webp);
    expect(objectPath).toMatch(/^\/api\/uploads\/covers\/[0-9a-f-]{36}\.webp$/);
    expect(await minio.bucketExists(BUCKET)).toBe(true);

    const stat = await minio.statObject(BUCKET, keyOf(objectPath));
    expect(stat.metaData["content-type"]).toBe("image/webp");
    const stored = await readObject(keyOf(objectPath));
    expect(await sharp(stored).metadata()).toMatchObject({ format: "webp", width: 30, height: 20 });

    const served = await fetch(app.url + objectPath);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);

    // Nothing went to the embedded file storage.
    expect(fs.existsSync(path.join(app.config.dataDir, "uploads"))).toBe(false);
  });

  it("sets the cover and removes the replaced object from the bucket", async () => {
    const groupId = await buildGroup(app, owner);
    const image = () =>
      sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .png()
        .toBuffer();
    const first = await uploadImage(await image());
    const second = await uploadImage(await image());
    expect((await owner.client.put(`/api/groups/${groupId}/cover-image`, { coverImageURL: first })).status).toBe(200);
    expect((await owner.client.put(`/api/groups/${groupId}/cover-image`, { coverImageURL: second })).status).toBe(200);

    await expect(minio.statObject(BUCKET, keyOf(first))).rejects.toMatchObject({ code: "NotFound" });
    expect((await fetch(app.url + first)).status).toBe(404);
    expect((await fetch(app.url + second)).status).toBe(200);
  });

  const png = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: "#2c5282" } })
      .png()
      .toBuffer();
  const inBucket = async (objectPath: string) =>
    minio.statObject(BUCKET, keyOf(objectPath)).then(
      () => true,
      (err: { code?: string }) => {
        if (err.code === "NotFound") return false;
        throw err;
      },
    );

  it("deleting a group removes its cover from the bucket", async () => {
    const groupId = await buildGroup(app, owner);
    const cover = await uploadImage(await png());
    expect((await owner.client.put(`/api/groups/${groupId}/cover-image`, { coverImageURL: cover })).status).toBe(200);
    expect(await inBucket(cover)).toBe(true);

    expect((await owner.client.delete(`/api/groups/${groupId}`)).status).toBe(204);
    expect(await inBucket(cover)).toBe(false);
    expect((await fetch(app.url + cover)).status).toBe(404);
  });

  it("deleting an account removes its deleted groups' covers and its unused uploads; a handed-over cover stays", async () => {
    const me = await buildUser(app);
    const pal = await buildUser(app);
    const solo = await buildGroup(app, me, { name: "Solo" });
    const shared = await buildGroup(app, me, { name: "Shared", members: [pal] });
    const soloCover = await uploadImage(await png(), me);
    const sharedCover = await uploadImage(await png(), me);
    const unused = await uploadImage(await png(), me);
    for (const [groupId, cover] of [
      [solo, soloCover],
      [shared, sharedCover],
    ] as const) {
      expect((await me.client.put(`/api/groups/${groupId}/cover-image`, { coverImageURL: cover })).status).toBe(200);
    }

    expect((await me.client.request("DELETE", "/api/auth/user", { password: me.password })).status).toBe(204);

    expect(await inBucket(soloCover)).toBe(false);
    expect(await inBucket(unused)).toBe(false);
    expect((await fetch(app.url + soloCover)).status).toBe(404);
    expect((await fetch(app.url + unused)).status).toBe(404);
    expect(await inBucket(sharedCover)).toBe(true);
    expect((await fetch(app.url + sharedCover)).status).toBe(200);
  });

  it("the orphan sweep lists the bucket and removes only old objects nothing names", async () => {
    const named = await uploadImage(await png());
    const orphan = "covers/00000000-0000-4000-8000-000000000000.png";
    await minio.putObject(BUCKET, orphan, await png());
    expect(await app.services.uploads.sweepOrphans()).toBe(0);
    expect(await app.services.uploads.sweepOrphans(new Date(Date.now() + ORPHAN_GRACE_MS + 60_000))).toBe(1);
    await expect(minio.statObject(BUCKET, orphan)).rejects.toMatchObject({ code: "NotFound" });
    expect(await inBucket(named)).toBe(true);
  });
});
