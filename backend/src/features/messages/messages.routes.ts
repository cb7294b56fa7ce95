import Router from "@koa/router";
import type { AppState } from "../../http/context.js";
import { parseCursor, requireMember } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { MessageDto } from "./messages.dto.js";
import { rateLimit } from "../../http/rate-limit.js";

export function messagesRoutes() {
  const router = new Router<AppState>();

  router.get("/api/groups/:id/messages", requireMember(), async (ctx) => {
    const before = parseCursor(ctx.query.before);
    ctx.body = await ctx.services.messages.page(ctx.state.groupAccess!.group.id, before);
  });

  router.post("/api/groups/:id/messages", requireMember(), rateLimit("messages"), async (ctx) => {
    const dto = await validateBody(MessageDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.messages.post(
      ctx.state.groupAccess!.group.id,
      ctx.state.user,
      dto.content,
      dto.messageType,
    );
  });

  return router;
}
