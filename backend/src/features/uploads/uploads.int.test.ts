import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { COVER_IMAGE_MAX_BYTES, ERRORS, UPLOAD_URL_TTL_MS, VALIDATION, rooms } from "@caravan/common";
import { buildGroup, recordRealtime } from "../../../test/factories.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp, type TestClient } from "../../../test/harness.js";

let app: TestApp;
let owner: BuiltUser;
let member: BuiltUser;
let stranger: BuiltUser;
let groupId: number;
beforeAll(async () => {
  app = await startTestApp();
  [owner, member, stranger] = await Promise.all([buildUser(app), buildUser(app), buildUser(app)]);
  groupId = await buildGroup(app, owner, { members: [member] });
});
afterAll(() => app?.close());
afterEach(() => {
  vi.useRealTimers();
});

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: "#2b6cb0" } })
    .png()
    .toBuffer();

/** The PUT a browser makes with the picked file: raw bytes, whatever Content-Type the file's name suggested. */
async function putRaw(
  client: TestClient,
  url: string,
  body: RequestInit["body"],
  headers: Record<string, string> = {},
) {
  const res = await fetch(app.url + url, {
    method: "PUT",
    body,
    headers: { cookie: client.cookieHeader, "content-type": "image/png", ...headers },
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const text = await res.text();
  return {
    status: res.status,
    body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text,
  };
}

async function uploadUrl(user: BuiltUser): Promise<string> {
  const res = await user.client.post("/api/objects/upload");
  expect(res.status).toBe(200);
  return res.body.uploadURL;
}

async function upload(user: BuiltUser, bytes: Buffer): Promise<string> {
  const res = await putRaw(user.client, await uploadUrl(user), bytes);
  expect(res.status).toBe(200);
  return res.body.objectPath;
}

async function fetchObject(objectPath: string) {
  const res = await fetch(app.url + objectPath);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe("POST /api/objects/upload", () => {
  it("is for signed-in users only", async () => {
    expect((await app.client().post("/api/objects/upload")).status).toBe(401);
  });

  it("hands out a fresh single-use URL that expires in 15 minutes", async () => {
    const before = Date.now();
    const a = await owner.client.post("/api/objects/upload");
    const b = await owner.client.post("/api/objects/upload");
    expect(a.body.uploadURL).toMatch(/^\/api\/objects\/upload\/[A-Za-z0-9_-]{43}$/);
    expect(b.body.uploadURL).not.toBe(a.body.uploadURL);
    const expires = Date.parse(a.body.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + UPLOAD_URL_TTL_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + UPLOAD_URL_TTL_MS);
    // Only a hash of the token is kept.
    const token = a.body.uploadURL.split("/").pop();
    const rows = await app.db.query(`SELECT token_hash FROM object_uploads WHERE token_hash = $1`, [token]);
    expect(rows).toEqual([]);
  });
});

describe("PUT to the upload URL", () => {
  it("stores the image and serves it back with its type, nosniff and an immutable cache", async () => {
    const objectPath = await upload(owner, await png(64, 48));
    expect(objectPath).toMatch(/^\/api\/uploads\/covers\/[0-9a-f-]{36}\.png$/);
    const { res, bytes } = await fetchObject(objectPath);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: 64, height: 48 });
    // The embedded storage writes under DATA_DIR/uploads.
    expect(fs.existsSync(path.join(app.config.dataDir, "uploads", objectPath.replace("/api/uploads/", "")))).toBe(true);
  });

  it("recognises the format by content: a text file named .png and sent as image/png is refused with 415", async () => {
    const url = await uploadUrl(owner);
    const text = await putRaw(owner.client, url, Buffer.from("Packing list: boots, map, snacks\n"), {
      "content-type": "image/png",
    });
    expect(text.status).toBe(415);
    expect(text.body.message).toBe(ERRORS.imageUnsupported);
    const svg = await putRaw(owner.client, url, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.status).toBe(415);
    // A JPEG sent as image/png is a JPEG: stored and served as one.
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const ok = await putRaw(owner.client, url, jpeg, { "content-type": "image/png" });
    expect(ok.status).toBe(200);
    expect(ok.body.objectPath).toMatch(/\.jpg$/);
    expect((await fetchObject(ok.body.objectPath)).res.headers.get("content-type")).toBe("image/jpeg");
  });

  it("accepts exactly 5 MB and refuses one byte more with 413, leaving the URL unspent", async () => {
    const image = await png(16, 16);
    // Bytes after a PNG's end are ignored by decoders: a valid image of any size.
    const exact = Buffer.concat([image, Buffer.alloc(COVER_IMAGE_MAX_BYTES - image.length)]);
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    const url = await uploadUrl(owner);
    const refused = await putRaw(owner.client, url, over);
    expect(refused.status).toBe(413);
    expect(refused.body.message).toBe(ERRORS.imageTooLarge);
    const accepted = await putRaw(owner.client, url, exact);
    expect(accepted.status).toBe(200);
  });

  it("refuses an oversized body without Content-Length while it streams", async () => {
    const url = await uploadUrl(owner);
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > COVER_IMAGE_MAX_BYTES + chunk.length) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await putRaw(owner.client, url, stream);
    expect(res.status).toBe(413);
  });

  it("re-encodes without EXIF: a JPEG carrying GPS coordinates comes out without them", async () => {
    const tagged = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#c53030" } })
      .jpeg()
      .withExif({
        IFD0: { Make: "TrailCam", Model: "X1" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 45/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "4/1 50/1 0/1" },
      })
      .toBuffer();
    const exif = (await sharp(tagged).metadata()).exif!;
    // The GPS IFD pointer (tag 0x8825, little-endian) and the camera name are in the upload.
    expect(exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(tagged.includes(Buffer.from("TrailCam"))).toBe(true);

    const { bytes } = await fetchObject(await upload(owner, tagged));
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("Exif\0\0"))).toBe(false);
    expect(bytes.includes(Buffer.from("TrailCam"))).toBe(false);
  });

  it("turns a picture upright by its EXIF orientation before dropping the tag", async () => {
    const sideways = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#555" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const { bytes } = await fetchObject(await upload(owner, sideways));
    const meta = await sharp(bytes).metadata();
    expect({ width: meta.width, height: meta.height, orientation: meta.orientation }).toEqual({
      width: 100,
      height: 200,
      orientation: undefined,
    });
  });

  it("works once: the second PUT to the same URL is 410", async () => {
    const url = await uploadUrl(owner);
    expect((await putRaw(owner.client, url, await png())).status).toBe(200);
    const again = await putRaw(owner.client, url, await png());
    expect(again.status).toBe(410);
    expect(again.body.message).toBe(ERRORS.uploadUsed);
  });

  it("of two PUTs racing on one URL, exactly one stores an image", async () => {
    const url = await uploadUrl(owner);
    const image = await png(300, 200);
    const results = await Promise.all([putRaw(owner.client, url, image), putRaw(owner.client, url, image)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410]);
    const [row] = await app.db.query(
      `SELECT count(*)::int AS n FROM object_uploads WHERE user_id = $1 AND object_key IS NOT NULL AND used_at IS NOT NULL`,
      [owner.user.id],
    );
    expect(row.n).toBeGreaterThan(0);
  });

  it("expires after 15 minutes", async () => {
    const url = await uploadUrl(owner);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + UPLOAD_URL_TTL_MS + 1_000);
    const res = await putRaw(owner.client, url, await png());
    expect(res.status).toBe(410);
    expect(res.body.message).toBe(ERRORS.uploadExpired);
  });

  it("is bound to the user who asked for it", async () => {
    const url = await uploadUrl(owner);
    const other = await putRaw(stranger.client, url, await png());
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(ERRORS.uploadNotYours);
    const anonymous = await putRaw(app.client(), url, await png());
    expect(anonymous.status).toBe(401);
    // Refusing others did not spend it.
    expect((await putRaw(owner.client, url, await png())).status).toBe(200);
  });

  it("answers 404 for a URL it never handed out", async () => {
    const res = await putRaw(owner.client, `/api/objects/upload/${"A".repeat(43)}`, await png());
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(ERRORS.uploadNotFound);
  });
});

describe("GET /api/uploads/...", () => {
  it("answers 404 for unknown or malformed keys", async () => {
    expect((await fetchObject("/api/uploads/covers/00000000-0000-4000-8000-000000000000.png")).res.status).toBe(404);
    expect((await fetchObject("/api/uploads/covers/..%2F..%2Fsecrets.json")).res.status).toBe(404);
    expect((await fetchObject("/api/uploads/COVERS/x.png")).res.status).toBe(404);
  });
});

describe("PUT /api/groups/:id/cover-image", () => {
  const setCover = (client: TestClient, coverImageURL: unknown, id = groupId) =>
    client.put(`/api/groups/${id}/cover-image`, { coverImageURL });

  it("sets the cover to an uploaded image, for every member to see, and announces the group", async () => {
    const events = recordRealtime(app);
    const objectPath = await upload(member, await png());
    const res = await setCover(member.client, objectPath);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: groupId, coverImageUrl: objectPath });
    expect((await owner.client.get(`/api/groups/${groupId}`)).body.coverImageUrl).toBe(objectPath);
    const announced = events.filter((e) => e.event === "group:updated");
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({
      room: rooms.group(groupId),
      payload: { id: groupId, coverImageUrl: objectPath },
    });
  });

  it("also accepts the spent upload URL and the app's absolute URL of the image", async () => {
    const url = await uploadUrl(owner);
    const put = await putRaw(owner.client, url, await png());
    const viaUploadUrl = await setCover(owner.client, url);
    expect(viaUploadUrl.status).toBe(200);
    expect(viaUploadUrl.body.coverImageUrl).toBe(put.body.objectPath);
    const absolute = await setCover(owner.client, `${app.config.publicUrl}${put.body.objectPath}`);
    expect(absolute.status).toBe(200);
    expect(absolute.body.coverImageUrl).toBe(put.body.objectPath);
  });

  it("accepts only images this flow produced for the caller", async () => {
    const mine = await upload(owner, await png());
    const unusedUrl = await uploadUrl(owner);
    const someoneElses = await upload(stranger, await png());
    for (const bad of [
      "https://images.example.com/alps.png",
      "/api/uploads/covers/00000000-0000-4000-8000-000000000000.png",
      unusedUrl,
      someoneElses,
      `https://evil.example.com${mine}`,
      `${mine}?v=2`,
      "javascript:alert(1)",
    ]) {
      const res = await setCover(owner.client, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toBe(ERRORS.coverImageNotUploaded);
    }
    const missing = await setCover(owner.client, undefined);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(VALIDATION.coverImageUrlRequired);
  });

  it("deletes the replaced cover once no group shows it", async () => {
    const first = await upload(owner, await png());
    const second = await upload(owner, await png());
    const otherGroup = await buildGroup(app, owner);
    expect((await setCover(owner.client, first)).status).toBe(200);
    expect((await setCover(owner.client, first, otherGroup)).status).toBe(200);
    expect((await setCover(owner.client, second)).status).toBe(200);
    // Still the other group's cover.
    expect((await fetchObject(first)).res.status).toBe(200);
    expect((await setCover(owner.client, second, otherGroup)).status).toBe(200);
    expect((await fetchObject(first)).res.status).toBe(404);
    expect((await fetchObject(second)).res.status).toBe(200);
  });

  it("401 signed out, 403 for a non-member, 404 for no such group, 400 for a malformed id", async () => {
    const objectPath = await upload(stranger, await png());
    expect((await setCover(app.client(), objectPath)).status).toBe(401);
    const forbidden = await setCover(stranger.client, objectPath);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(ERRORS.notGroupMember);
    expect((await setCover(owner.client, objectPath, 999_999)).status).toBe(404);
    expect((await owner.client.put(`/api/groups/abc/cover-image`, { coverImageURL: objectPath })).status).toBe(400);
    const [row] = await app.db.query(`SELECT cover_image_url FROM groups WHERE id = $1`, [groupId]);
    expect(row.cover_image_url).not.toBe(objectPath);
  });
});
