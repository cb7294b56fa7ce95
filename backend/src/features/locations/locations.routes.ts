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

  // The write admits members only (location-writes.ts), so the membership is asked only when it fails.
  const writer = requireMembership("groupId", { checkedByTheCall: true });
  router.post("/api/groups/:groupId/locations", writer, rateLimit("locations"), async (ctx) => {
    const { groupId, userId } = ctx.state.member!;
    ctx.body = await ctx.services.access.asMember(userId, groupId, async () =>
      ctx.services.locations.update(groupId, userId, await validateBody(LocationUpdateDto, ctx.request.body)),
    );
  });

  router.delete("/api/groups/:groupId/locations/me", requireMembership("groupId"), async (ctx) => {
    const { groupId, userId } = ctx.state.member!;
    await ctx.services.locations.stopSharing(groupId, userId);
    ctx.status = 204;
  });

  return router;
}
