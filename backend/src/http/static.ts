import fs from "node:fs";
import path from "node:path";
import type { Middleware } from "koa";
import send from "koa-send";
import type { AppContext } from "./context.js";
import { serverRenderedPage } from "./pages.js";
import { SESSION_COOKIE } from "./session-store.js";

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Caravan</title></head>
<body><h1>Caravan is starting without its web client</h1><p>The frontend has not been built yet.
Run <code>npm run build</code> (or <code>npm start</code>, which builds it) and reload.</p></body></html>`;

/**
 * The landing page prerendered at build time (frontend/build/prerender.ts): what a visitor with no session gets at
 * `/`, painted from the HTML alone, with the app loaded only when they ask for it. Anyone with a session cookie, and
 * any `/` with a query (a sign-in provider sending the visitor back), gets the app.
 */
export const LANDING_HTML = "landing.html";

/** Hashed file names change with their content, so a browser or proxy may keep them for good. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built frontend. Paths that are not files get index.html (the client routes them, including its 404
 * page); hashed assets are cached for a year; everything else (index.html, the service worker sw.js and its Workbox
 * runtime, manifest.webmanifest, icons) is revalidated on every load, so that a deploy reaches everyone and a new
 * service worker is found at once. The build writes brotli
 * (.br) and gzip (.gz) copies of text assets (frontend/vite.config.ts): koa-send picks the one the browser accepts
 * and sets Content-Encoding; responses vary by Accept-Encoding so that caches keep the variants apart, and `/` by
 * Cookie as well (LANDING_HTML).
 */
export function serveFrontend(staticDir: string): Middleware {
  return async (ctx, next) => {
    if ((ctx.method !== "GET" && ctx.method !== "HEAD") || ctx.path.startsWith("/api/") || ctx.path === "/api") {
      return next();
    }
    const index = path.join(staticDir, "index.html");
    if (!fs.existsSync(index)) {
      ctx.status = 503;
      ctx.type = "html";
      ctx.body = NOT_BUILT;
      return;
    }
    const immutable = ctx.path.startsWith("/assets/");
    ctx.vary("Accept-Encoding");
    if (ctx.path === "/") {
      ctx.vary("Cookie");
      if (!ctx.querystring && !ctx.cookies.get(SESSION_COOKIE) && fs.existsSync(path.join(staticDir, LANDING_HTML))) {
        await send(ctx, LANDING_HTML, { root: staticDir, brotli: true, gzip: true });
        ctx.set("Cache-Control", "no-cache");
        return;
      }
      // Signed in: the dashboard, server-rendered (a session that has ended gets the app, showing the landing page).
      if (!ctx.querystring && (await sendServerRendered(ctx as AppContext, staticDir))) return;
    }
    try {
      await send(ctx, ctx.path, {
        root: staticDir,
        index: "index.html",
        brotli: true,
        gzip: true,
        setHeaders: (res, filePath) => {
          // filePath is the compressed copy's when one is sent.
          res.setHeader("Cache-Control", immutable && !/\.html(\.br|\.gz)?$/.test(filePath) ? IMMUTABLE : "no-cache");
        },
      });
      return;
    } catch (err) {
      const status = (err as { status?: number }).status;
      if (status !== 404 && status !== 400 && status !== 403) throw err;
    }
    if (immutable || path.extname(ctx.path)) {
      ctx.status = 404;
      ctx.body = "Not found";
      return;
    }
    if (await sendServerRendered(ctx as AppContext, staticDir)) return;
    await send(ctx, "index.html", { root: staticDir, brotli: true, gzip: true });
    ctx.set("Cache-Control", "no-cache");
  };
}

/** Answers with the page at `ctx.path` as the server renders it (pages.ts), when it renders it for this caller. */
async function sendServerRendered(ctx: AppContext, staticDir: string): Promise<boolean> {
  const page = await serverRenderedPage(ctx, staticDir);
  if (page === null) return false;
  ctx.type = "html";
  ctx.vary("Cookie");
  // Live data, rendered for this viewer: never stored by a cache.
  ctx.set("Cache-Control", "no-store");
  ctx.body = page;
  return true;
}
