import Router from "@koa/router";
import type { AppState } from "../../http/context.js";
import { parseCursor, requireUser } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { MarkReadDto } from "./notifications.dto.js";

/** Each caller reads and marks only their own notifications: every query is scoped to the signed-in user. */
export function notificationsRoutes() {
  const router = new Router<AppState>();

  router.get("/api/notifications", requireUser, async (ctx) => {
    const before = parseCursor(ctx.query.before);
    ctx.body = await ctx.services.notifications.page(ctx.state.user.id, before);
  });

  router.post("/api/notifications/read", requireUser, async (ctx) => {
    const dto = await validateBody(MarkReadDto, ctx.request.body ?? {});
    await ctx.services.notifications.markRead(ctx.state.user.id, dto.ids);
    ctx.status = 204;
  });

  return router;
}
