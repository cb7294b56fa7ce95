import { bodyParser } from "@koa/bodyparser";
import Router from "@koa/router";
import Koa from "koa";
import compress from "koa-compress";
import session from "koa-session";
import { cookieKeys } from "./http/signed-cookies.js";
import { errorMiddleware } from "./http/error-middleware.js";
import { inputGuard } from "./http/input-guard.js";
import { jsonBodyOnce } from "./http/json-body.js";
import { originCheck, secureTransport, securityHeaders } from "./http/security.js";
import { newSessionId, SESSION_COOKIE, sessionStore } from "./http/session-store.js";
import { serveFrontend } from "./http/static.js";
import { authRoutes } from "./features/auth/auth.routes.js";
import { accountRoutes } from "./features/account/account.routes.js";
import { oauthRoutes } from "./features/auth/oauth.routes.js";
import { healthRoutes } from "./features/health/health.routes.js";
import { metricsRoutes } from "./features/health/metrics.routes.js";
import { checklistsRoutes } from "./features/checklists/checklists.routes.js";
import { groupsRoutes } from "./features/groups/groups.routes.js";
import { invitesRoutes } from "./features/invites/invites.routes.js";
import { locationsRoutes } from "./features/locations/locations.routes.js";
import { notificationsRoutes } from "./features/notifications/notifications.routes.js";
import { messagesRoutes } from "./features/messages/messages.routes.js";
import { placesRoutes } from "./features/places/places.routes.js";
import { basemapRoutes } from "./features/basemap/basemap.routes.js";
import { proposalsRoutes } from "./features/proposals/proposals.routes.js";
import { sharedTripsRoutes } from "./features/shared-trips/shared-trips.routes.js";
import { trackersRoutes } from "./features/trackers/trackers.routes.js";
import { takesRawBody, uploadsRoutes } from "./features/uploads/uploads.routes.js";
import type { AppState } from "./http/context.js";
import type { Services } from "./services.js";
import type { Config } from "./config.js";

export const JSON_BODY_LIMIT = "100kb";
/** Responses smaller than this go out as they are: a compressed frame would save less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The Koa app: the whole middleware order in one place. Built without a port, so tests can start it anywhere. */
/**
 * `sessionKeys`: the session secret, then any previous ones. Koa signs cookies with the first and verifies with all
 * (re-signing a cookie that only an older key verifies), so a rotated secret signs nobody out.
 */
export function createApp(services: Services, sessionKeys: string | string[]): Koa {
  const { config, db, log, metrics } = services;
  const keys = Array.isArray(sessionKeys) ? sessionKeys : [sessionKeys];
  const app = new Koa({ proxy: config.proxyHops > 0, maxIpsCount: config.proxyHops });
  app.keys = cookieKeys(keys);
  app.context.services = services;
  app.silent = true;

  app.use(errorMiddleware(log, metrics));
  app.use(securityHeaders(config));
  // JSON answers such as a group's messages or locations shrink several times. Small bodies are not worth the CPU,
  // the static handler sends copies compressed at build time (which this leaves alone, as they carry
  // Content-Encoding already), and Socket.IO answers on the HTTP server before Koa sees a request.
  app.use(compress({ threshold: COMPRESS_THRESHOLD_BYTES }));
  app.use(jsonBodyOnce());
  app.use(healthRoutes().routes());
  app.use(metricsRoutes().routes());
  app.use(secureTransport(config, log));
  app.use(
    session(
      {
        key: SESSION_COOKIE,
        store: sessionStore(db, services.grants),
        genid: newSessionId,
        maxAge: config.sessionMaxAgeMs,
        httpOnly: true,
        sameSite: "lax",
        secure: config.publicUrl.startsWith("https:"),
        signed: true,
        rolling: false,
        renew: true,
      },
      app,
    ),
  );
  app.use(async (ctx, next) => {
    ctx.state.userId = ctx.session?.userId ?? null;
    try {
      await next();
    } finally {
      ctx.state.userId ??= ctx.session?.userId ?? null;
    }
  });
  // DELETE too: deleting the account carries its confirmation (password or e-mail) in the body.
  const parseJson = bodyParser({
    enableTypes: ["json"],
    parsedMethods: ["POST", "PUT", "PATCH", "DELETE"],
    jsonLimit: JSON_BODY_LIMIT,
    encoding: "utf-8",
    // The Content-Type nearly every call sends (the app's own client, the tracker apps), known to be JSON without
    // parsing it; any other value is matched against the JSON types as usual.
    detectJSON: (ctx) => ctx.get("Content-Type") === "application/json",
  });
  // An upload's body is the image itself, read by its route whatever Content-Type the browser put on it: parsed
  // here, a body labelled JSON would be gone before the route reads it.
  app.use((ctx, next) => (takesRawBody(ctx) ? next() : parseJson(ctx, next)));
  app.use(originCheck(config));
  app.use(inputGuard());

  const api = apiRouter(config);
  app.use(api.routes());
  app.use(api.allowedMethods());
  app.use(serveFrontend(config.staticDir));
  return app;
}

/** One router holding every feature's routes: a request is matched once, not by each feature's router in turn. */
export function apiRouter(config: Config): Router<AppState> {
  const api = new Router<AppState>();
  for (const router of [
    authRoutes(),
    accountRoutes(),
    oauthRoutes(config),
    groupsRoutes(),
    invitesRoutes(),
    messagesRoutes(),
    checklistsRoutes(),
    proposalsRoutes(),
    locationsRoutes(),
    sharedTripsRoutes(),
    placesRoutes(),
    basemapRoutes(),
    uploadsRoutes(),
    notificationsRoutes(),
    trackersRoutes(),
  ]) {
    api.use(router.routes());
  }
  return api;
}
