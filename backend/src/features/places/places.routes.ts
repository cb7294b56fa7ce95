import Router from "@koa/router";
import type { AppState } from "../../http/context.js";
import { requireUser } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { MapPlacesQueryDto, PlacesQueryDto } from "./places.dto.js";

export function placesRoutes() {
  const router = new Router<AppState>();

  router.get("/api/places", requireUser, async (ctx) => {
    const { q } = await validateBody(PlacesQueryDto, { ...ctx.query });
    ctx.body = await ctx.services.places.search(q);
  });

  // Public: the shared-trip page draws the same map for watchers without an account, and the places are GeoNames'
  // open data. The answer depends only on the box, so browsers and proxies may keep it.
  router.get("/api/places/map", async (ctx) => {
    const box = await validateBody(MapPlacesQueryDto, { ...ctx.query });
    ctx.body = await ctx.services.places.within(box);
    ctx.set("Cache-Control", "public, max-age=86400");
  });

  return router;
}
