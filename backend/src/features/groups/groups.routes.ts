import Router from "@koa/router";
import type { AppState } from "../../http/context.js";
import { requireMember, requireOwner, requireUser } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { CreateGroupDto, DestinationDto } from "./groups.dto.js";

export function groupsRoutes() {
  const router = new Router<AppState>();

  router.get("/api/groups", requireUser, async (ctx) => {
    ctx.body = await ctx.services.groups.listFor(ctx.state.user.id);
  });

  // Before /api/groups/:id, whose id check would refuse "stats".
  router.get("/api/groups/stats", requireUser, async (ctx) => {
    ctx.body = await ctx.services.groups.statsFor(ctx.state.user.id);
  });

  router.post("/api/groups", requireUser, async (ctx) => {
    const dto = await validateBody(CreateGroupDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.groups.create(ctx.state.user, dto);
  });

  router.get("/api/groups/:id", requireMember(), async (ctx) => {
    ctx.body = ctx.services.groups.view(ctx.state.groupAccess!.group);
  });

  router.patch("/api/groups/:id", requireMember(), async (ctx) => {
    const dto = await validateBody(DestinationDto, ctx.request.body);
    ctx.body = await ctx.services.groups.updateDestination(ctx.state.groupAccess!.group, dto);
  });

  router.delete("/api/groups/:id", requireOwner(), async (ctx) => {
    await ctx.services.groups.remove(ctx.state.groupAccess!.group.id);
    ctx.status = 204;
  });

  router.get("/api/groups/:id/members", requireMember(), async (ctx) => {
    ctx.body = await ctx.services.groups.members(ctx.state.groupAccess!.group.id);
  });

  router.delete("/api/groups/:id/members/:userId", requireMember(), async (ctx) => {
    await ctx.services.groups.leave(ctx.state.groupAccess!.group, ctx.state.user.id, ctx.params.userId!);
    ctx.status = 204;
  });

  return router;
}
