import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import Koa from "koa";
import compress from "koa-compress";
import { afterEach, describe, expect, it } from "vitest";
import { jsonBodyOnce } from "./json-body.js";

const servers: http.Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done)))));

/** Koa with compression (threshold 1 KiB, as the app has it), optionally this middleware, and a route's answer. */
async function serve(withMiddleware: boolean, answer: (ctx: Koa.Context) => void): Promise<string> {
  const app = new Koa();
  app.use(compress({ threshold: 1024 }));
  if (withMiddleware) app.use(jsonBodyOnce());
  app.use((ctx) => answer(ctx));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((ready) => server.once("listening", ready));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A body that counts how often it is serialized. */
function counted<T extends object>(value: T): { body: T; times: () => number } {
  let n = 0;
  const body = { ...value, toJSON: () => (n++, value) };
  return { body, times: () => n };
}

describe("jsonBodyOnce", () => {
  for (const size of [10, 5_000]) {
    it(`serializes an object body once, not twice, and sends what Koa would (${size} bytes)`, async () => {
      const value = { id: 7, name: "x".repeat(size) };
      for (const withMiddleware of [false, true]) {
        const { body, times } = counted(value);
        const url = await serve(withMiddleware, (ctx) => {
          ctx.body = body;
        });
        const res = await fetch(url, { headers: { "accept-encoding": "gzip" } });
        expect(await res.json()).toEqual(value);
        expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
        expect(res.headers.get("content-encoding")).toBe(size > 1024 ? "gzip" : null);
        expect(times()).toBe(withMiddleware ? 1 : 2);
      }
    });
  }

  it("sends an array, a text, a buffer and a stream as before, with their own types", async () => {
    const cases: Array<[(ctx: Koa.Context) => void, string, string]> = [
      [(ctx) => void (ctx.body = [1, "two"]), "application/json; charset=utf-8", '[1,"two"]'],
      [(ctx) => void (ctx.body = "plain words"), "text/plain; charset=utf-8", "plain words"],
      [(ctx) => void (ctx.body = Buffer.from("bytes")), "application/octet-stream", "bytes"],
      [(ctx) => void (ctx.body = Readable.from(["st", "ream"])), "application/octet-stream", "stream"],
    ];
    for (const [answer, type, text] of cases) {
      const res = await fetch(await serve(true, answer));
      expect(res.headers.get("content-type")).toBe(type);
      expect(await res.text()).toBe(text);
    }
  });

  it("leaves an empty answer empty and a status without a body alone", async () => {
    const empty = await fetch(await serve(true, (ctx) => void (ctx.body = null)));
    expect(empty.status).toBe(204);
    const created = await fetch(
      await serve(true, (ctx) => {
        ctx.status = 201;
        ctx.body = { ok: true };
      }),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ ok: true });
  });
});
