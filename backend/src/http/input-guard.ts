import type { Middleware } from "koa";
import { ERRORS, JSON_MAX_DEPTH } from "@caravan/common";
import { badRequest } from "./errors.js";

/**
 * Refuses, before any route or validator sees them, the inputs that used to reach a stack overflow or a PostgreSQL
 * encoding error: JSON nested deeper than JSON_MAX_DEPTH, and a NUL character anywhere in the body (keys included),
 * the path or the query string. The walk is iterative, so the check itself cannot overflow the stack.
 */
export function inputGuard(): Middleware {
  return async (ctx, next) => {
    if (hasNul(ctx.path) || hasNul(ctx.querystring)) throw badRequest(ERRORS.nulCharacter);
    const problem = inspect(ctx.request.body);
    if (problem) throw badRequest(problem);
    await next();
  };
}

/** A raw (still percent-encoded) path or query string holds a NUL when it has one literally or as %00. */
function hasNul(raw: string): boolean {
  return raw.includes("\0") || /%00/i.test(raw);
}

/** The first problem of a parsed body, or null. */
export function inspect(body: unknown): string | null {
  const stack: Array<[unknown, number]> = [[body, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === "string") {
      if (value.includes("\0")) return ERRORS.nulCharacter;
    } else if (value !== null && typeof value === "object") {
      if (depth > JSON_MAX_DEPTH) return ERRORS.nestingTooDeep;
      for (const [key, child] of Object.entries(value)) {
        if (key.includes("\0")) return ERRORS.nulCharacter;
        stack.push([child, depth + 1]);
      }
    }
  }
  return null;
}
