import type { Middleware } from "koa";
import type { AppContext, AppState } from "./context.js";
import type { LimitName } from "./rate-limits.js";

export type { LimitName } from "./rate-limits.js";

/**
 * A route middleware counting one hit per call for the signed-in caller (placed after requireUser, requireMember
 * or requireMembership), or for the client address when no one is signed in.
 */
export function rateLimit(name: LimitName): Middleware<AppState> {
  return async (ctx, next) => {
    await ctx.services.rateLimits.consume(name, callerKey(ctx as AppContext));
    await next();
  };
}

/** The account for a signed-in caller, else the client address (see TRUST_PROXY for how it is found). */
export function callerKey(ctx: AppContext): string {
  const user = ctx.state.user as { id?: string } | undefined;
  const id = user?.id ?? ctx.state.member?.userId;
  return id ? `user:${id}` : `ip:${ctx.ip}`;
}
