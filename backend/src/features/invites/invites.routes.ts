import Router from "@koa/router";
import type { AppState } from "../../http/context.js";
import { currentUser, parseId, requireMember, requireOwner, requireUser } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { EmailInviteDto } from "./invites.dto.js";
import { rateLimit } from "../../http/rate-limit.js";

export function invitesRoutes() {
  const router = new Router<AppState>();

  router.post("/api/groups/:groupId/invites", requireMember("groupId"), rateLimit("invites"), async (ctx) => {
    const { email } = await validateBody(EmailInviteDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.invites.inviteByEmail(ctx.state.groupAccess!.group, ctx.state.user, email);
  });

  router.post("/api/groups/:groupId/invites/link", requireMember("groupId"), rateLimit("invites"), async (ctx) => {
    ctx.status = 201;
    ctx.body = await ctx.services.invites.createLink(ctx.state.groupAccess!.group, ctx.state.user);
  });

  router.get("/api/groups/:groupId/invites", requireOwner("groupId"), async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await ctx.services.invites.pending(ctx.state.groupAccess!.group.id);
  });

  router.delete("/api/groups/:groupId/invites/:inviteId", requireOwner("groupId"), async (ctx) => {
    await ctx.services.invites.revoke(ctx.state.groupAccess!.group.id, parseId(ctx.params.inviteId));
    ctx.status = 204;
  });

  /** Public: the join page shows the group before the visitor signs in. */
  router.get("/api/invites/:token", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await ctx.services.invites.preview(ctx.params.token!, await currentUser(ctx));
  });

  router.post("/api/invites/:token/accept", requireUser, async (ctx) => {
    ctx.body = await ctx.services.invites.accept(ctx.params.token!, ctx.state.user);
  });

  return router;
}
