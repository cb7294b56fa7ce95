import Router from "@koa/router";
import { COVER_IMAGE_MAX_BYTES, ERRORS } from "@caravan/common";
import type { AppState } from "../../http/context.js";
import { notFound } from "../../http/errors.js";
import { requireMember, requireUser } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { CoverImageDto } from "./uploads.dto.js";
import { readLimitedBody } from "../../http/read-body.js";
import { UPLOAD_URL_PATH } from "./uploads.service.js";

const UPLOAD_PUT = new RegExp(`^${UPLOAD_URL_PATH}/[^/]+$`);

/**
 * Whether the request is an upload PUT, whose body is the raw image: the JSON body parser must leave it unread
 * (app.ts), or a body sent as JSON would be consumed before the route reads it.
 */
export const takesRawBody = (ctx: { method: string; path: string }): boolean =>
  ctx.method === "PUT" && UPLOAD_PUT.test(ctx.path);

/** Stored objects never change (each upload gets a new key), so browsers and proxies may keep them for good. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export function uploadsRoutes() {
  const router = new Router<AppState>();

  router.post(UPLOAD_URL_PATH, requireUser, async (ctx) => {
    ctx.body = await ctx.services.uploads.createUploadUrl(ctx.state.user.id);
  });

  // The raw image is the body, whatever Content-Type the browser put on it: the bytes decide what it is.
  router.put(`${UPLOAD_URL_PATH}/:token`, requireUser, async (ctx) => {
    ctx.body = await ctx.services.uploads.receive(ctx.params.token!, ctx.state.user.id, () =>
      readLimitedBody(ctx.req, COVER_IMAGE_MAX_BYTES, ERRORS.imageTooLarge),
    );
  });

  router.put("/api/groups/:id/cover-image", requireMember(), async (ctx) => {
    const { coverImageURL } = await validateBody(CoverImageDto, ctx.request.body);
    ctx.body = await ctx.services.uploads.setCoverImage(ctx.state.groupAccess!.group, ctx.state.user.id, coverImageURL);
  });

  // Keys are random, so an object's URL is known only to those it was shown to (decision 0003).
  router.get("/api/uploads/:folder/:name", async (ctx) => {
    const object = await ctx.services.uploads.open(`${ctx.params.folder}/${ctx.params.name}`);
    if (!object) throw notFound();
    ctx.set("Cache-Control", IMMUTABLE);
    ctx.set("Cross-Origin-Resource-Policy", "same-site");
    ctx.type = object.contentType;
    ctx.length = object.size;
    ctx.body = object.body;
  });

  return router;
}
