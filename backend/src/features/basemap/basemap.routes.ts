import Router from "@koa/router";
import { ERRORS, MAP } from "@caravan/common";
import { sendFileRanges } from "../../http/byte-ranges.js";
import type { AppState } from "../../http/context.js";
import { HttpError } from "../../http/errors.js";
import { findBasemap } from "./basemap.service.js";

/** The PMTiles media type named by the format's specification. */
const PMTILES_TYPE = "application/vnd.pmtiles";

export function basemapRoutes() {
  const router = new Router<AppState>();

  // Public, like the map itself: the shared-trip page draws the basemap for watchers without an account, and the
  // extract is the operator's copy of open OpenStreetMap data. Read by byte ranges: the renderer asks for the
  // header and directories, then for each tile in view. Revalidated on every use (no-cache), so a replaced file
  // is seen at once; the answers are 304s or byte ranges, both small.
  router.get(MAP.basemapPath, async (ctx) => {
    const file = ctx.services.config.basemapFile;
    const stat = await findBasemap(file);
    if (!stat) throw new HttpError(404, ERRORS.notFound);
    ctx.set("Cache-Control", "public, no-cache");
    sendFileRanges(ctx, file, stat, PMTILES_TYPE);
  });

  return router;
}
