import type { IncomingMessage } from "node:http";
import { ERRORS } from "@caravan/common";
import { HttpError } from "./errors.js";

/**
 * The raw request body, refused with 413 as soon as it is known to exceed `limit`: from Content-Length when the
 * client sends one, else while streaming. What is left of a refused body is read and dropped rather than the
 * connection cut, so the client still receives the 413.
 *
 * A body that something else has already read (the JSON body parser, for a route app.ts does not keep it from) will
 * never send another `end`: it is refused at once with 415 instead of waiting for good. A request whose connection
 * closed before its body ended is refused at once too (400).
 */
export function readLimitedBody(req: IncomingMessage, limit: number, message: string): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, message);
  if (req.readableEnded) return Promise.reject(new HttpError(415, ERRORS.rawBodyExpected));
  // A client gone mid-body: a 4xx, as nobody is left to read it and it is no fault of the server's.
  const cutShort = () => new HttpError(400, ERRORS.bodyCutShort);
  if (req.destroyed) return Promise.reject(cutShort());
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.resume();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    // A client that goes away mid-body may close the request without an `error`: nothing else would settle this.
    const onClose = () => {
      cleanup();
      reject(cutShort());
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}
