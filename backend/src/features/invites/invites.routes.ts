import Router from "@koa/router";
import type { AppState } from "../../http/context.js";
import { requireMember, requireUser } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { EmailInviteDto } from "./invites.dto.js";

export function invitesRoutes() {
  const router = new Router<AppState>();

  router.post("/api/groups/:groupId/invites", requireMember("groupId"), async (ctx) => {
    const { email } = await validateBody(EmailInviteDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.invites.inviteByEmail(ctx.state.groupAccess!.group, ctx.state.user, email);
  });

  router.post("/api/groups/:groupId/invites/link", requireMember("groupId"), async (ctx) => {
    ctx.status = 201;
    ctx.body = await ctx.services.invites.createLink(ctx.state.groupAccess!.group, ctx.state.user);
  });

  /** Public: the join page shows the group before the visitor signs in. */
  router.get("/api/invites/:token", async (ctx) => {
    ctx.set("Cache-Control", "no-store");
    ctx.body = await ctx.services.invites.preview(ctx.params.token!);
  });

  router.post("/api/invites/:token/accept", requireUser, async (ctx) => {
    ctx.body = await ctx.services.invites.accept(ctx.params.token!, ctx.state.user);
  });

  return router;
}
