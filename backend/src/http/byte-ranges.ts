import fs from "node:fs";
import type { Context } from "koa";
import parseRange from "range-parser";
import { ERRORS } from "@caravan/common";
import { HttpError } from "./errors.js";

/**
 * Answers a GET or HEAD for a file the way byte-range readers such as PMTiles expect (RFC 9110): Accept-Ranges, a
 * strong ETag and Last-Modified; 304 to a conditional request that is still fresh; 206 with Content-Range for one
 * satisfiable range; 416 when no range is satisfiable; and the whole file when there is no Range, when If-Range no
 * longer matches, or for several ranges at once (a server may always answer those with the whole file, and
 * PMTiles never asks for them).
 */
export function sendFileRanges(ctx: Context, file: string, stat: fs.Stats, type: string): void {
  // Size and modification time: a file replaced in place gets a new tag, so a reader mixing old and new bytes
  // notices (PMTiles compares the tags of its answers).
  const etag = `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
  ctx.set("Accept-Ranges", "bytes");
  ctx.etag = etag;
  ctx.lastModified = stat.mtime;
  ctx.type = type;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  const range = ctx.get("Range");
  if (range && ifRangeHolds(ctx.get("If-Range"), etag, stat.mtime)) {
    const ranges = parseRange(stat.size, range, { combine: true });
    if (ranges === -1) {
      throw new HttpError(416, ERRORS.rangeNotSatisfiable, { headers: { "Content-Range": `bytes */${stat.size}` } });
    }
    // -2 is a malformed header, which the spec says to ignore, as are units other than bytes.
    if (ranges !== -2 && ranges.type === "bytes" && ranges.length === 1) {
      const { start, end } = ranges[0]!;
      ctx.status = 206;
      ctx.set("Content-Range", `bytes ${start}-${end}/${stat.size}`);
      ctx.body = fs.createReadStream(file, { start, end });
      ctx.length = end - start + 1;
      return;
    }
  }
  ctx.body = fs.createReadStream(file);
  ctx.length = stat.size;
}

/** If-Range names the current entity by its tag, or by a date no older than its last change (whole seconds). */
function ifRangeHolds(ifRange: string, etag: string, modified: Date): boolean {
  if (!ifRange) return true;
  if (ifRange.includes('"')) return ifRange === etag;
  const date = Date.parse(ifRange);
  return !Number.isNaN(date) && Math.floor(modified.getTime() / 1000) <= Math.floor(date / 1000);
}
