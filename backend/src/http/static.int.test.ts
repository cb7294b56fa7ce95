import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildUser, startTestApp, type TestApp } from "../../test/harness.js";
import { LANDING_HTML } from "./static.js";

const SHELL = `<!doctype html><html><head><title>app shell</title></head><body><div id="root"></div></body></html>`;
const LANDING = `<!doctype html><html><head><title>landing</title></head><body><div id="root"><h1>drawn</h1></div></body></html>`;

let app: TestApp;
let staticDir: string;

function write(name: string, text: string): void {
  fs.writeFileSync(path.join(staticDir, name), text);
  fs.writeFileSync(path.join(staticDir, `${name}.br`), zlib.brotliCompressSync(text));
  fs.writeFileSync(path.join(staticDir, `${name}.gz`), zlib.gzipSync(text));
}

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-static-"));
  write("index.html", SHELL);
  write(LANDING_HTML, LANDING);
  app = await startTestApp({ STATIC_DIR: staticDir });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

const get = (urlPath: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(new URL(urlPath, app.url), { method, headers, redirect: "manual" });

describe("which page `/` is", () => {
  it("is the landing page drawn at build time for a visitor with no session, never cached without revalidation", async () => {
    const res = await get("/", { "accept-encoding": "br" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(LANDING);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("vary")).toMatch(/cookie/i);
    expect(res.headers.get("vary")).toMatch(/accept-encoding/i);

    const head = await get("/", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/^text\/html/);
    expect(head.headers.get("vary")).toMatch(/cookie/i);
  });

  it("is the app for a signed-in member, and for any session cookie at all", async () => {
    const member = await buildUser(app);
    const signedIn = await get("/", { cookie: member.client.cookieHeader });
    expect(await signedIn.text()).toBe(SHELL);
    expect(signedIn.headers.get("vary")).toMatch(/cookie/i);
    expect(signedIn.headers.get("cache-control")).toBe("no-cache");

    const stale = await get("/", { cookie: "caravan.sid=ended-long-ago" });
    expect(await stale.text()).toBe(SHELL);
  });

  it("is the app when `/` has a query (a sign-in provider sending the visitor back), as is every other page", async () => {
    expect(await (await get("/?signin=1")).text()).toBe(SHELL);
    expect(await (await get("/?authError=failed&provider=google")).text()).toBe(SHELL);
    expect(await (await get("/groups/12")).text()).toBe(SHELL);
    expect(await (await get("/shared/abc")).text()).toBe(SHELL);
  });

  it("is the app when the build wrote no landing page", async () => {
    fs.renameSync(path.join(staticDir, LANDING_HTML), path.join(staticDir, "set-aside.html"));
    try {
      expect(await (await get("/")).text()).toBe(SHELL);
    } finally {
      fs.renameSync(path.join(staticDir, "set-aside.html"), path.join(staticDir, LANDING_HTML));
    }
  });
});
