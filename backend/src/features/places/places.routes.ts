import Router from "@koa/router";
import type { AppState } from "../../http/context.js";
import { requireUser } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { PlacesQueryDto } from "./places.dto.js";

export function placesRoutes() {
  const router = new Router<AppState>();

  router.get("/api/places", requireUser, async (ctx) => {
    const { q } = await validateBody(PlacesQueryDto, { ...ctx.query });
    ctx.body = await ctx.services.places.search(q);
  });

  return router;
}
