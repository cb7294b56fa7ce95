import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGroup } from "../../test/factories.js";
import { buildUser, startTestApp, type TestApp } from "../../test/harness.js";

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers and the body's bytes as they came over the wire (fetch would decode them). */
function raw(
  base: string,
  urlPath: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(urlPath, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

const SCRIPT = `export const places = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Place ${i}`))};\n`;
const SHELL = `<!doctype html><html lang="en"><head><title>app shell</title></head><body>${"<p>road</p>".repeat(200)}</body></html>`;

let app: TestApp;
let staticDir: string;

beforeAll(async () => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-compress-"));
  fs.mkdirSync(path.join(staticDir, "assets"));
  // Copies as the build writes them beside each text asset (frontend/vite.config.ts).
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(staticDir, name), text);
    fs.writeFileSync(path.join(staticDir, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(staticDir, `${name}.gz`), zlib.gzipSync(text, { level: 9 }));
  };
  write("index.html", SHELL);
  write("assets/app-abc123.js", SCRIPT);
  fs.writeFileSync(path.join(staticDir, "assets", "font-def456.woff2"), Buffer.alloc(4096, 7));
  app = await startTestApp({ STATIC_DIR: staticDir });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe("static assets", () => {
  it("sends the build's brotli copy to a browser that accepts it, cached for a year", async () => {
    const res = await raw(app.url, "/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.body.equals(fs.readFileSync(path.join(staticDir, "assets/app-abc123.js.br")))).toBe(true);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it("sends the gzip copy to a client without brotli, and the plain file to one that accepts neither", async () => {
    const gz = await raw(app.url, "/assets/app-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(SCRIPT);

    const plain = await raw(app.url, "/assets/app-abc123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(SCRIPT);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("does not compress what is compressed already (fonts), and still caches it for good", async () => {
    const res = await raw(app.url, "/assets/font-def456.woff2", { "accept-encoding": "br, gzip" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.length).toBe(4096);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("sends index.html compressed but never cached, at / and at client-side routes", async () => {
    for (const url of ["/", "/groups/42"]) {
      const res = await raw(app.url, url, { "accept-encoding": "br" });
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBe("br");
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(res.body).toString()).toBe(SHELL);
    }
  });
});

describe("API responses", () => {
  it("compresses a large JSON answer for a client that accepts it, and not for one that does not", async () => {
    const owner = await buildUser(app);
    const description = "Hut to hut across the Alps, one valley a day. ".repeat(60);
    const groupId = await buildGroup(app, owner, { description });
    const cookie = owner.client.cookieHeader;

    const br = await raw(app.url, `/api/groups/${groupId}`, { cookie, "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const decoded = zlib.brotliDecompressSync(br.body).toString();
    expect(JSON.parse(decoded).description).toBe(description);
    expect(br.body.length).toBeLessThan(decoded.length / 4);

    const gz = await raw(app.url, `/api/groups/${groupId}`, { cookie, "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString()).description).toBe(description);

    const plain = await raw(app.url, `/api/groups/${groupId}`, { cookie });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString()).description).toBe(description);
  });

  it("leaves small answers as they are", async () => {
    const res = await raw(app.url, "/api/auth/user", { "accept-encoding": "gzip, br" });
    expect(res.status).toBe(401);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toHaveProperty("message");
  });

  it("leaves Socket.IO alone", async () => {
    const res = await raw(app.url, "/socket.io/?EIO=4&transport=polling", { "accept-encoding": "gzip, br" });
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers.vary ?? "").not.toMatch(/accept-encoding/i);
  });
});
