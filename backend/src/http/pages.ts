import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { SERVER_STATE_ID, type SharedTripPageData } from "@caravan/common";
import type { AppContext } from "./context.js";
import { currentUser } from "./guards.js";

/**
 * Pages the server draws before the app's code arrives: a shared trip's public page, which a watcher opens from a
 * link on a phone. The module that draws them is built with the frontend (frontend/src/app/server-render.tsx, into
 * frontend/dist-server: config.pageRenderer); the page goes out inside drawn.html (the app's index.html with a small
 * script that loads the app once the page is painted: frontend/src/app/drawn-boot.ts), with the reads it was drawn
 * from, and the app takes over from there. Without that module or that page, or when drawing fails, the app's
 * index.html goes out as it always did, and the app draws the page itself.
 */

/** What frontend/src/app/server-render.tsx exports (its build: frontend/build/prerender.ts, SERVER_RENDER_FILE). */
interface ServerRender {
  renderSharedTrip(token: string, data: SharedTripPageData): { markup: string; state: unknown; title: string };
}

const EMPTY_ROOT = '<div id="root"></div>';
/** frontend/build/prerender.ts, DRAWN_HTML. */
const DRAWN_HTML = "drawn.html";
const SHARED_TRIP_PAGE = /^\/shared\/([^/]+)\/?$/;

/** A page drawn for the same data within this long is sent again as drawn: its relative times are this stale at most. */
const DRAWN_KEEP_MS = 10_000;
const DRAWN_MAX = 200;

const modules = new Map<string, Promise<ServerRender | null>>();

function serverRender(file: string | null): Promise<ServerRender | null> {
  if (file === null) return Promise.resolve(null);
  let loaded = modules.get(file);
  if (!loaded) {
    loaded = fs.existsSync(file) ? (import(pathToFileURL(file).href) as Promise<ServerRender>) : Promise.resolve(null);
    modules.set(file, loaded);
  }
  return loaded;
}

let drawnFile: { file: string; mtimeMs: number; html: string } | null = null;

/** drawn.html, read again only when a build replaced it; null when the build wrote none. */
function drawnHtml(staticDir: string): string | null {
  const file = path.join(staticDir, DRAWN_HTML);
  let mtimeMs: number;
  try {
    ({ mtimeMs } = fs.statSync(file));
  } catch {
    return null;
  }
  if (drawnFile?.file !== file || drawnFile.mtimeMs !== mtimeMs) {
    drawnFile = { file, mtimeMs, html: fs.readFileSync(file, "utf8") };
  }
  return drawnFile.html;
}

/** `value` as JSON that cannot end the `<script>` element it is written into. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** drawn.html with a drawn page in #root, its reads beside it, and its title. */
export function composePage(html: string, drawn: { markup: string; state: unknown; title: string }): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error(`${DRAWN_HTML} has no empty ${EMPTY_ROOT}`);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(drawn.title)}</title>`)
    .replace(
      EMPTY_ROOT,
      `<div id="root">${drawn.markup}</div>\n    <script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(drawn.state)}</script>`,
    );
}

interface Drawn {
  html: string;
  at: number;
}

const drawn = new Map<string, Drawn>();

function remember(key: string, html: string, now: number): void {
  for (const [k, v] of drawn) if (now - v.at > DRAWN_KEEP_MS) drawn.delete(k);
  // Still full: the oldest goes (a Map keeps insertion order).
  if (drawn.size >= DRAWN_MAX) drawn.delete(drawn.keys().next().value!);
  drawn.set(key, { html, at: now });
}

/**
 * The HTML of the page at `ctx.path` when the server draws that page, or null for the app's index.html: the path is
 * not such a page, the share does not exist (the app shows its "not found" page), or the drawing module is absent.
 */
export async function drawnPage(ctx: AppContext, staticDir: string): Promise<string | null> {
  const match = SHARED_TRIP_PAGE.exec(ctx.path);
  if (!match) return null;
  let token: string;
  try {
    token = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const render = await serverRender(ctx.services.config.pageRenderer).catch((err: unknown) => {
    ctx.services.log.error({ err }, "the page drawing module could not be loaded");
    return null;
  });
  const html = drawnHtml(staticDir);
  if (!render || html === null) return null;
  const { sharedTrips } = ctx.services;
  let data: SharedTripPageData;
  try {
    const viewer = await currentUser(ctx);
    const [info, locations, messages] = await Promise.all([
      sharedTrips.info(token, viewer?.id ?? null),
      sharedTrips.locations(token),
      sharedTrips.messages(token),
    ]);
    data = { info, locations, messages };
  } catch (err) {
    if ((err as { status?: number }).status === 404) return null;
    throw err;
  }
  const now = Date.now();
  const key = createHash("sha256").update(token).update("\0").update(JSON.stringify(data)).digest("base64url");
  const kept = drawn.get(key);
  if (kept && now - kept.at <= DRAWN_KEEP_MS) return kept.html;
  try {
    const composed = composePage(html, render.renderSharedTrip(token, data));
    remember(key, composed, now);
    return composed;
  } catch (err) {
    ctx.services.log.error({ err, path: ctx.path }, "a page could not be drawn on the server");
    return null;
  }
}
