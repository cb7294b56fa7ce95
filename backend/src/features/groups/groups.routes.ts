import Router from "@koa/router";
import type { AppState } from "../../http/context.js";
import { requireMember, requireOwner, requireUser } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { ERRORS } from "@caravan/common";
import { forbidden } from "../../http/errors.js";
import { CreateGroupDto, OWNER_ONLY_FIELDS, UpdateGroupDto } from "./groups.dto.js";
import { calendarFileName, groupCalendar } from "./groups.calendar.js";

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

  // The trip as a calendar file (RFC 5545) to import into any calendar app; 404 with a message without dates.
  router.get("/api/groups/:id/calendar.ics", requireMember(), async (ctx) => {
    const group = ctx.state.groupAccess!.group;
    ctx.body = groupCalendar(group, ctx.services.config.publicUrl);
    ctx.type = "text/calendar; charset=utf-8";
    ctx.set("Content-Disposition", `attachment; filename="${calendarFileName(group)}"`);
    ctx.set("Cache-Control", "private, no-store");
  });

  router.patch("/api/groups/:id", requireMember(), async (ctx) => {
    const dto = await validateBody(UpdateGroupDto, ctx.request.body);
    const access = ctx.state.groupAccess!;
    if (!access.isOwner && OWNER_ONLY_FIELDS.some((field) => dto[field] !== undefined))
      throw forbidden(ERRORS.ownerOnly);
    ctx.body = await ctx.services.groups.update(access.group, ctx.state.user, dto);
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
