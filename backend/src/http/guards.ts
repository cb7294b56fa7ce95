import type { Middleware } from "koa";
import type { User } from "../db/entities/index.js";
import type { AppContext, AppState } from "./context.js";
import { unauthorized } from "./errors.js";

/** The signed-in user of this request, read once and kept on ctx.state; null when signed out. */
export async function currentUser(ctx: AppContext): Promise<User | null> {
  if (ctx.state.user) return ctx.state.user;
  const userId = ctx.session?.userId;
  if (!userId) return null;
  const user = await ctx.services.auth.findById(userId);
  if (!user) {
    // The account is gone: the session must not outlive it.
    ctx.session = null;
    return null;
  }
  ctx.state.user = user;
  return user;
}

/** 401 unless signed in. */
export const requireUser: Middleware<AppState> = async (ctx, next) => {
  if (!(await currentUser(ctx as AppContext))) throw unauthorized();
  await next();
};
