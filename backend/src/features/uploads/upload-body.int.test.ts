import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "@caravan/common";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";

let app: TestApp;
let user: BuiltUser;
beforeAll(async () => {
  app = await startTestApp();
  user = await buildUser(app);
});
afterAll(() => app?.close());

/** Long enough for any answer here, short enough that a PUT left waiting fails the test instead of hanging it. */
const ANSWER_WITHIN_MS = 4_000;

async function uploadUrl(): Promise<string> {
  const res = await user.client.post("/api/objects/upload");
  expect(res.status).toBe(200);
  return res.body.uploadURL;
}

async function put(body: string | Buffer, contentType: string) {
  const res = await fetch(app.url + (await uploadUrl()), {
    method: "PUT",
    body,
    headers: { cookie: user.client.cookieHeader, "content-type": contentType },
    signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
  });
  const text = await res.text();
  return { status: res.status, body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text };
}

describe("PUT to the upload URL with a body that is not an image", () => {
  it.each([
    ["application/json", '{"cover":"https://example.com/a.png"}'],
    ["application/json; charset=utf-8", "[1,2,3]"],
    ["text/plain", "just some words"],
    ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nhello\r\n--x--\r\n'],
    ["application/x-www-form-urlencoded", "file=hello&x=1"],
  ])("answers %s at once with 415, not an image", async (type, body) => {
    const res = await put(body, type);
    expect(res.status).toBe(415);
    expect(res.body.message).toBe(ERRORS.imageUnsupported);
  });

  it("still stores an image whatever type it was labelled with, JSON included: the bytes decide", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#2b6cb0" } })
      .png()
      .toBuffer();
    for (const type of ["application/json", "text/plain", "application/octet-stream"]) {
      const res = await put(png, type);
      expect(res.status).toBe(200);
      expect(res.body.objectPath).toMatch(/^\/api\/uploads\/covers\//);
    }
  });

  it("refuses invalid JSON labelled JSON the same way, without parsing it", async () => {
    const res = await put("{not json", "application/json");
    expect(res.status).toBe(415);
  });
});
