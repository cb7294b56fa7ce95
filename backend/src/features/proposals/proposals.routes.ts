import Router from "@koa/router";
import type { AppContext, AppState } from "../../http/context.js";
import { parseId, proposalAccess, requireMember, requireOwner } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { ProposalDto, VoteDto } from "./proposals.dto.js";

export function proposalsRoutes() {
  const router = new Router<AppState>();

  router.get("/api/groups/:id/proposals", requireMember(), async (ctx) => {
    ctx.body = await ctx.services.proposals.list(ctx.state.groupAccess!.group.id);
  });

  router.post("/api/groups/:id/proposals", requireMember(), async (ctx) => {
    const dto = await validateBody(ProposalDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.proposals.create(ctx.state.groupAccess!.group, ctx.state.user, dto);
  });

  router.post("/api/proposals/:id/vote", async (ctx) => {
    const { group, proposalId } = await proposalAccess(ctx as AppContext);
    const { vote } = await validateBody(VoteDto, ctx.request.body);
    ctx.body = await ctx.services.proposals.vote(group, proposalId, ctx.state.user, vote);
  });

  router.post("/api/groups/:id/finalize/:proposalId", requireOwner(), async (ctx) => {
    const { proposal } = await ctx.services.proposals.finalize(
      ctx.state.groupAccess!.group.id,
      parseId(ctx.params.proposalId),
      ctx.state.user,
    );
    ctx.body = proposal;
  });

  return router;
}
