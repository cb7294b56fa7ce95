import Router from "@koa/router";
import type { AppState } from "../../http/context.js";

/**
 * For operators and load balancers: /healthz says the process runs, /readyz whether it should get traffic.
 *
 * /readyz: 200 `ready`; 200 `degraded` while Redis is unreachable (REST works, live events reach only this node's
 * sockets until it returns, so the node stays in rotation); 503 `not ready` while the database is unreachable; 503
 * `draining` once the node is shutting down.
 */
export function healthRoutes() {
  const router = new Router<AppState>();
  router.get("/healthz", (ctx) => {
    ctx.body = { status: "ok" };
  });
  router.get("/readyz", async (ctx) => {
    const { services } = ctx;
    const checks: Record<string, "ok" | "failing"> = {};
    try {
      await services.db.query("SELECT 1");
      checks.database = "ok";
    } catch {
      checks.database = "failing";
    }
    if (services.config.redisUrl) {
      const fanoutReady = await services.realtime.fanoutReady?.().catch(() => false);
      checks.redis = fanoutReady ? "ok" : "failing";
    }
    const status = services.draining
      ? "draining"
      : checks.database !== "ok"
        ? "not ready"
        : checks.redis === "failing"
          ? "degraded"
          : "ready";
    ctx.status = status === "ready" || status === "degraded" ? 200 : 503;
    ctx.body = { status, checks };
  });
  return router;
}
