import type { Middleware } from "koa";
import { ERRORS, INPUT_STRING_MAX, INPUT_TEXTS, JSON_MAX_DEPTH } from "@caravan/common";
import { badRequest } from "./errors.js";

/**
 * Refuses, before any route or validator sees them, the inputs that used to reach a stack overflow, a PostgreSQL
 * encoding error or a slow pattern: JSON nested deeper than JSON_MAX_DEPTH, a NUL character anywhere in the body
 * (keys included), the path or the query string, and any single text value longer than INPUT_STRING_MAX, in the body
 * (keys included) or the query string. No field takes a text that long, and a pattern that reads input never sees
 * more than that. The walk is iterative, so the check itself cannot overflow the stack.
 */
export function inputGuard(): Middleware {
  return async (ctx, next) => {
    if (hasNul(ctx.path) || hasNul(ctx.querystring)) throw badRequest(ERRORS.nulCharacter);
    // Koa parses the query string once and keeps it; requests without one skip the walk.
    const problem = (ctx.querystring ? inspect(ctx.query) : null) ?? inspect(ctx.request.body);
    if (problem) throw badRequest(problem);
    await next();
  };
}

/** A raw (still percent-encoded) path or query string holds a NUL when it has one literally or as %00. */
function hasNul(raw: string): boolean {
  return raw.includes("\0") || /%00/i.test(raw);
}

/** What is wrong with one text value or key, or null. */
function textProblem(text: string): string | null {
  if (text.length > INPUT_STRING_MAX) return INPUT_TEXTS.valueTooLong;
  if (text.includes("\0")) return ERRORS.nulCharacter;
  return null;
}

/**
 * The first problem of a parsed body, query or form (the tracker apps' form is parsed by its route, which asks this
 * too), or null.
 */
export function inspect(body: unknown): string | null {
  const stack: Array<[unknown, number]> = [[body, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem) return problem;
    } else if (value !== null && typeof value === "object") {
      if (depth > JSON_MAX_DEPTH) return ERRORS.nestingTooDeep;
      for (const [key, child] of Object.entries(value)) {
        const problem = textProblem(key);
        if (problem) return problem;
        stack.push([child, depth + 1]);
      }
    }
  }
  return null;
}
