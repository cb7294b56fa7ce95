import { createHash } from "node:crypto";
import type { Context, Middleware } from "koa";
import { COLOR_MODE_SCRIPT, ERRORS } from "@caravan/common";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import { HttpError } from "./errors.js";

/** The colour mode's inline script, as the Content-Security-Policy names it. */
export const COLOR_MODE_SCRIPT_HASH = `sha256-${createHash("sha256").update(COLOR_MODE_SCRIPT).digest("base64")}`;

/**
 * Content-Security-Policy and the other headers every response carries: Koa's (securityHeaders) and Socket.IO's
 * polling answers, which its engine sends before Koa sees the request (realtime/socket-server.ts).
 */
export function securityHeaderList(config: Config): ReadonlyArray<readonly [name: string, value: string]> {
  const wsOrigin = config.publicUrl.replace(/^http/, "ws");
  const tileOrigin = config.tileUrl ? originOf(config.tileUrl) : null;
  const storageOrigin = config.s3 ? originOf(config.s3.endPoint) : null;
  const google = config.googleMapsApiKey ? ["https://maps.googleapis.com", "https://maps.gstatic.com"] : [];
  const csp = [
    "default-src 'self'",
    // The one inline script, in every page's head: the colour mode, set before the first paint
    // (common/src/color-mode.ts).
    `script-src 'self' '${COLOR_MODE_SCRIPT_HASH}' ${google.join(" ")}`.trim(),
    // Chakra UI (Emotion) injects its styles at run time; a nonce instead was tried and not kept
    // (docs/decisions/0006-style-csp.md).
    "style-src 'self' 'unsafe-inline'",
    // Cover images may be any https URL the user typed (docs/product.md), so https: stays (docs/decisions/0006); map tiles
    // come from TILE_URL, uploaded covers from the S3 endpoint, which may be plain http inside a private network.
    `img-src 'self' data: blob: https: ${tileOrigin ?? ""} ${storageOrigin ?? ""}`.replace(/ +/g, " ").trim(),
    `connect-src 'self' ${wsOrigin} ${google.join(" ")}`.trim(),
    "font-src 'self' data:",
    // The service worker and the web app manifest come from the app itself (docs/decisions/0014).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
  return [
    ["Content-Security-Policy", csp],
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "geolocation=(self), camera=(), microphone=()"],
    ...(config.publicUrl.startsWith("https:") ? [["Strict-Transport-Security", "max-age=31536000"] as const] : []),
  ];
}

/** Sets securityHeaderList on every Koa response. */
export function securityHeaders(config: Config): Middleware {
  const headers = securityHeaderList(config);
  return async (ctx, next) => {
    // Set before the handlers run, so error answers carry them too.
    for (const [name, value] of headers) ctx.set(name, value);
    await next();
  };
}

function originOf(template: string): string | null {
  try {
    return new URL(template.replace(/\{[a-z]\}/g, "a")).origin;
  } catch {
    return null;
  }
}

/**
 * With an https PUBLIC_URL every cookie is Secure, and a cookie library refuses to send a Secure cookie over a
 * connection that is not https (Koa's `ctx.secure`: TLS on the socket, or X-Forwarded-Proto: https from a trusted
 * proxy). Such a request reached this node around the TLS proxy, or through a proxy that does not say it was https:
 * it is refused here with 403 and a message naming both settings, before the session middleware and the routes.
 * Whether a route will set a cookie cannot be known beforehand (sign-in, sign-up, sign-out, the OAuth flow, the
 * session's renewal on any route, a share's viewer cookie), and a refusal after the route ran would leave its work
 * done (a message posted, a session stored) under an error answer; so every request past this point is refused.
 * Health and metrics come before it and still answer a check made on the node itself. The first refusal is logged
 * as a warning, as the fix is in the deployment.
 */
export function secureTransport(config: Pick<Config, "publicUrl">, log: Pick<Logger, "warn">): Middleware {
  if (!config.publicUrl.startsWith("https:")) return (_ctx, next) => next();
  let warned = false;
  return async (ctx, next) => {
    if (!ctx.secure) {
      if (!warned) {
        warned = true;
        log.warn(
          { path: ctx.path, forwardedProto: ctx.get("X-Forwarded-Proto") || null },
          "refused a request that did not arrive over https while PUBLIC_URL is https: " +
            "check that the proxy sends X-Forwarded-Proto: https and that TRUST_PROXY is set",
        );
      }
      throw new HttpError(403, ERRORS.notOverHttps);
    }
    await next();
  };
}

/** The cookie library's error for a Secure cookie on a connection that is not https (see secureTransport). */
export const isInsecureCookieError = (err: unknown): boolean =>
  err instanceof Error && err.message === "Cannot send secure cookie over unencrypted connection";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing calls that a browser sent from another site. Browsers send Origin on every cross-site
 * request that changes state; callers without a browser (scripts, tests) send none and are not a CSRF vector.
 */
export function originCheck(config: Config): Middleware {
  return async (ctx, next) => {
    if (fromAnotherSite(ctx, config)) throw new HttpError(403, ERRORS.badOrigin);
    await next();
  };
}

/** Whether this is a state-changing call that a browser sent from another site (refused by originCheck). */
export function fromAnotherSite(ctx: Pick<Context, "method" | "get">, config: Pick<Config, "publicUrl">): boolean {
  if (SAFE_METHODS.has(ctx.method)) return false;
  const origin = ctx.get("Origin");
  return origin ? origin !== config.publicUrl : ctx.get("Sec-Fetch-Site") === "cross-site";
}
