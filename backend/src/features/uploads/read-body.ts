import type { IncomingMessage } from "node:http";
import { HttpError } from "../../http/errors.js";

/**
 * The raw request body, refused with 413 as soon as it is known to exceed `limit`: from Content-Length when the
 * client sends one, else while streaming. What is left of a refused body is read and dropped rather than the
 * connection cut, so the client still receives the 413.
 */
export function readLimitedBody(req: IncomingMessage, limit: number, message: string): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, message);
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
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}
