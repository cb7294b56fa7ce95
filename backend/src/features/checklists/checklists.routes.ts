import Router from "@koa/router";
import type { AppContext, AppState } from "../../http/context.js";
import { checklistAccess, itemAccess, requireMember } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { ChecklistDto, ChecklistItemDto, ToggleDto } from "./checklists.dto.js";

/** A checklist or item of one of the caller's groups (src/access): 404 for missing ids and other groups' alike. */
async function checklistScope(ctx: AppContext) {
  const { group, checklistId } = await checklistAccess(ctx);
  return { groupId: group.id, checklistId };
}

async function itemScope(ctx: AppContext) {
  const { group, checklistId, itemId } = await itemAccess(ctx);
  return { groupId: group.id, checklistId, itemId };
}

export function checklistsRoutes() {
  const router = new Router<AppState>();

  router.get("/api/groups/:id/checklists", requireMember(), async (ctx) => {
    ctx.body = await ctx.services.checklists.list(ctx.state.groupAccess!.group.id);
  });

  router.post("/api/groups/:id/checklists", requireMember(), async (ctx) => {
    const dto = await validateBody(ChecklistDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.checklists.create(
      ctx.state.groupAccess!.group.id,
      ctx.state.user,
      dto.title,
      dto.description ?? null,
    );
  });

  router.delete("/api/checklists/:id", async (ctx) => {
    const { groupId, checklistId } = await checklistScope(ctx);
    await ctx.services.checklists.remove(groupId, checklistId);
    ctx.status = 204;
  });

  router.post("/api/checklists/:id/items", async (ctx) => {
    const { groupId, checklistId } = await checklistScope(ctx);
    const dto = await validateBody(ChecklistItemDto, ctx.request.body);
    ctx.status = 201;
    ctx.body = await ctx.services.checklists.addItem(groupId, checklistId, dto.text);
  });

  router.put("/api/checklist-items/:id/toggle", async (ctx) => {
    const { groupId, checklistId, itemId } = await itemScope(ctx);
    const dto = await validateBody(ToggleDto, ctx.request.body);
    ctx.body = await ctx.services.checklists.toggle(groupId, checklistId, itemId, dto.completed, ctx.state.user);
  });

  router.delete("/api/checklist-items/:id", async (ctx) => {
    const { groupId, checklistId, itemId } = await itemScope(ctx);
    await ctx.services.checklists.removeItem(groupId, checklistId, itemId);
    ctx.status = 204;
  });

  return router;
}
