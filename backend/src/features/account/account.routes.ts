import Router from "@koa/router";
import { ACCOUNT_TEXTS, ERRORS } from "@caravan/common";
import type { AppRouter, AppState } from "../../http/context.js";
import { requireUser } from "../../http/guards.js";
import { HttpError } from "../../http/errors.js";
import { validateBody } from "../../http/validate.js";
import { SESSION_COOKIE } from "../../http/session-store.js";
import { DeleteAccountDto } from "./account.dto.js";

/** The caller's own data: all of it as a download, and deleting the account (docs/decisions/0013). */
export function accountRoutes(): AppRouter {
  const router = new Router<AppState>();

  router.get("/api/auth/export", requireUser, async (ctx) => {
    const data = await ctx.services.account.exportData(ctx.state.user.id);
    const day = data.exportedAt.slice(0, 10);
    ctx.set("Content-Disposition", `attachment; filename="${ACCOUNT_TEXTS.exportFileName(day)}"`);
    ctx.set("Cache-Control", "private, no-store");
    ctx.type = "application/json; charset=utf-8";
    ctx.body = JSON.stringify(data, null, 2);
  });

  router.delete("/api/auth/user", requireUser, async (ctx) => {
    const dto = await validateBody(DeleteAccountDto, ctx.request.body ?? {});
    const { account, rateLimits } = ctx.services;
    // Wrong confirmations count with the account's failed sign-ins: this password check is no way around their limit.
    const key = ctx.state.user.email ?? ctx.state.user.id;
    await rateLimits.check("signinAccount", key, ERRORS.tooManySignins);
    const sid = ctx.cookies.get(SESSION_COOKIE, { signed: true });
    await account.deleteAccount(ctx.state.user.id, dto).catch(async (err: unknown) => {
      if (err instanceof HttpError && err.status === 401) await rateLimits.penalize("signinAccount", key);
      throw err;
    });
    ctx.session = null;
    if (sid) await ctx.services.realtime.endSession?.(sid);
    ctx.status = 204;
  });

  return router;
}
