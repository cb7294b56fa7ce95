import { bodyParser } from "@koa/bodyparser";
import Koa from "koa";
import session from "koa-session";
import { errorMiddleware } from "./http/error-middleware.js";
import { originCheck, securityHeaders } from "./http/security.js";
import { newSessionId, SESSION_COOKIE, sessionStore } from "./http/session-store.js";
import { serveFrontend } from "./http/static.js";
import { authRoutes } from "./features/auth/auth.routes.js";
import { oauthRoutes } from "./features/auth/oauth.routes.js";
import { healthRoutes } from "./features/health/health.routes.js";
import { checklistsRoutes } from "./features/checklists/checklists.routes.js";
import { groupsRoutes } from "./features/groups/groups.routes.js";
import { invitesRoutes } from "./features/invites/invites.routes.js";
import { locationsRoutes } from "./features/locations/locations.routes.js";
import { messagesRoutes } from "./features/messages/messages.routes.js";
import { placesRoutes } from "./features/places/places.routes.js";
import { proposalsRoutes } from "./features/proposals/proposals.routes.js";
import { sharedTripsRoutes } from "./features/shared-trips/shared-trips.routes.js";
import { uploadsRoutes } from "./features/uploads/uploads.routes.js";
import type { Services } from "./services.js";

export const JSON_BODY_LIMIT = "100kb";

/** The Koa app: the whole middleware order in one place. Built without a port, so tests can start it anywhere. */
export function createApp(services: Services, sessionSecret: string): Koa {
  const { config, db, log } = services;
  const app = new Koa({ proxy: config.trustProxy, keys: [sessionSecret] });
  app.context.services = services;
  app.silent = true;

  app.use(errorMiddleware(log));
  app.use(securityHeaders(config));
  app.use(healthRoutes().routes());
  app.use(
    session(
      {
        key: SESSION_COOKIE,
        store: sessionStore(db),
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
  app.use(bodyParser({ enableTypes: ["json"], jsonLimit: JSON_BODY_LIMIT, encoding: "utf-8" }));
  app.use(originCheck(config));

  for (const router of [
    authRoutes(),
    oauthRoutes(config),
    groupsRoutes(),
    invitesRoutes(),
    messagesRoutes(),
    checklistsRoutes(),
    proposalsRoutes(),
    locationsRoutes(),
    sharedTripsRoutes(),
    placesRoutes(),
    uploadsRoutes(),
  ]) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(serveFrontend(config.staticDir));
  return app;
}
