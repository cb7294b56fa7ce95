import Router from "@koa/router";
import type { AppState } from "../../http/context.js";
import { requireMembership } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { LocationUpdateDto } from "./locations.dto.js";
import { rateLimit } from "../../http/rate-limit.js";

export function locationsRoutes() {
  const router = new Router<AppState>();

  router.get("/api/groups/:id/locations", requireMembership(), async (ctx) => {
    ctx.type = "application/json";
    ctx.body = await ctx.services.locations.listJson(ctx.state.member!.groupId);
  });

  router.post("/api/groups/:groupId/locations", requireMembership("groupId"), rateLimit("locations"), async (ctx) => {
    const dto = await validateBody(LocationUpdateDto, ctx.request.body);
    const { groupId, userId } = ctx.state.member!;
    ctx.body = await ctx.services.locations.update(groupId, userId, dto);
  });

  router.delete("/api/groups/:groupId/locations/me", requireMembership("groupId"), async (ctx) => {
    const { groupId, userId } = ctx.state.member!;
    await ctx.services.locations.stopSharing(groupId, userId);
    ctx.status = 204;
  });

  return router;
}
