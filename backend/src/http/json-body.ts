import { Stream } from "node:stream";
import type { Middleware } from "koa";

/**
 * Serializes a JSON body once, as it leaves the routes: a body given as an object is otherwise serialized twice, once
 * when koa-compress asks its length (Koa's `response.length` stringifies it to count its bytes) and again when Koa
 * sends it. The text is what Koa would send (`JSON.stringify`, no spacing) under the Content-Type it already has.
 * Placed just inside compression; bodies Koa sends as they are (text, buffers, streams, blobs, responses) are left
 * alone.
 */
export function jsonBodyOnce(): Middleware {
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (
      body === null ||
      typeof body !== "object" ||
      Buffer.isBuffer(body) ||
      body instanceof Stream ||
      body instanceof ReadableStream ||
      body instanceof Blob ||
      body instanceof Response
    ) {
      return;
    }
    const text: unknown = JSON.stringify(body);
    // Only a `toJSON` that returns nothing gives no text: Koa is left to answer that as it would.
    if (typeof text === "string") ctx.body = text;
  };
}
