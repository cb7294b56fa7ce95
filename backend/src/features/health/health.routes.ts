import Router from "@koa/router";
import type { AppState } from "../../http/context.js";

/** For operators and load balancers: /healthz says the process runs, /readyz that it can serve. */
export function healthRoutes() {
  const router = new Router<AppState>();
  router.get("/healthz", (ctx) => {
    ctx.body = { status: "ok" };
  });
  router.get("/readyz", async (ctx) => {
    const checks: Record<string, "ok" | "failing"> = {};
    try {
      await ctx.services.db.query("SELECT 1");
      checks.database = "ok";
    } catch {
      checks.database = "failing";
    }
    if (ctx.services.config.redisUrl) {
      const fanoutReady = await ctx.services.realtime.fanoutReady?.().catch(() => false);
      checks.redis = fanoutReady ? "ok" : "failing";
    }
    const ready = Object.values(checks).every((c) => c === "ok");
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? "ready" : "not ready", checks };
  });
  return router;
}
