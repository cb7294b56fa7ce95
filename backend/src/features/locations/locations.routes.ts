import Router from "@koa/router";
import type { AppState } from "../../http/context.js";
import { requireMember } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { LocationUpdateDto } from "./locations.dto.js";
import { rateLimit } from "../../http/rate-limit.js";

export function locationsRoutes() {
  const router = new Router<AppState>();

  router.get("/api/groups/:id/locations", requireMember(), async (ctx) => {
    ctx.body = await ctx.services.locations.list(ctx.state.groupAccess!.group.id);
  });

  router.post("/api/groups/:groupId/locations", requireMember("groupId"), rateLimit("locations"), async (ctx) => {
    const dto = await validateBody(LocationUpdateDto, ctx.request.body);
    ctx.body = await ctx.services.locations.update(ctx.state.groupAccess!.group.id, ctx.state.user, dto);
  });

  router.delete("/api/groups/:groupId/locations/me", requireMember("groupId"), async (ctx) => {
    await ctx.services.locations.stopSharing(ctx.state.groupAccess!.group.id, ctx.state.user.id);
    ctx.status = 204;
  });

  return router;
}
