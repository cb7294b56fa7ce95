import { timingSafeEqual } from "node:crypto";
import Router from "@koa/router";
import { ERRORS } from "@caravan/common";
import type { AppState } from "../../http/context.js";

/**
 * GET /metrics: this node's Prometheus metrics, for the scraper only. It answers only when METRICS_TOKEN is set and
 * the request carries `Authorization: Bearer <METRICS_TOKEN>`; otherwise it is a 404 like any unknown path, so the
 * endpoint does not announce itself. Scrape each node on its own port (the shipped nginx refuses /metrics).
 */
export function metricsRoutes() {
  const router = new Router<AppState>();
  router.get("/metrics", async (ctx) => {
    const token = ctx.services.config.metricsToken;
    if (!token || !bearerMatches(ctx.get("authorization"), token)) {
      ctx.status = 404;
      ctx.body = { message: ERRORS.notFound };
      return;
    }
    const { contentType, body } = await ctx.services.metrics.render();
    ctx.set("Cache-Control", "no-store");
    ctx.type = contentType;
    ctx.body = body;
  });
  return router;
}

function bearerMatches(header: string, token: string): boolean {
  const m = /^Bearer +(\S+)$/i.exec(header.trim());
  if (!m) return false;
  const given = Buffer.from(m[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
