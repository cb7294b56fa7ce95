import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  DRAWN_AT_ATTRIBUTE,
  SERVER_STATE_ID,
  type DashboardPageData,
  type GroupPageData,
  type SharedTripPageData,
} from "@caravan/common";
import type { Logger } from "../logger.js";
import type { AppContext } from "./context.js";
import { clientConfig } from "../features/auth/client-config.js";
import { currentUser, groupAccess } from "./guards.js";

/**
 * Pages the server draws before the app's code arrives: a shared trip's public page, which a watcher opens from a
 * link on a phone, a group's page for its members, which travellers open from the dashboard, a notification or a
 * bookmark, on the road, and the dashboard itself, the first page of everyone signed in. The module that draws them
 * is built with the frontend (frontend/src/app/server-render.tsx, into frontend/dist-server: config.pageRenderer);
 * the page goes out inside drawn.html (the app's index.html with a small script that loads the app once the page is
 * painted: frontend/src/app/drawn-boot.ts), with the reads it was drawn from, and the app takes over from there.
 * Without that module or that page, or when drawing fails, the app's index.html goes out as it always did, and the
 * app draws the page itself.
 */

/** What frontend/src/app/server-render.tsx exports (its build: frontend/build/prerender.ts, SERVER_RENDER_FILE). */
interface ServerRender {
  /** Loads the code of the pages it draws; drawing starts once it has settled. */
  prepare?(): Promise<void>;
  renderSharedTrip(token: string, data: SharedTripPageData): Rendered;
  renderGroupPage(groupId: number, data: GroupPageData): Rendered;
  renderDashboard(data: DashboardPageData): Rendered;
}

interface Rendered {
  markup: string;
  /** The page's style element, for its head (absent: the markup carries its own styles). */
  styles?: string;
  state: unknown;
  title: string;
  /** When it was drawn, in ms, for a page whose relative times the app's first drawing must repeat. */
  drawnAt?: number;
}

const EMPTY_ROOT = '<div id="root"></div>';
/** frontend/build/prerender.ts, DRAWN_HTML. */
const DRAWN_HTML = "drawn.html";
const SHARED_TRIP_PAGE = /^\/shared\/([^/]+)\/?$/;
/** The router's group page, for the ids the API accepts (parseId). */
const GROUP_PAGE = /^\/groups\/([1-9]\d{0,15})\/?$/;

/** A page drawn for the same data within this long is sent again as drawn: its relative times are this stale at most. */
const DRAWN_KEEP_MS = 10_000;
const DRAWN_MAX = 200;

const modules = new Map<string, Promise<ServerRender | null>>();

function serverRender(file: string | null): Promise<ServerRender | null> {
  if (file === null) return Promise.resolve(null);
  let loaded = modules.get(file);
  if (!loaded) {
    loaded = fs.existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<ServerRender>).then(async (render) => {
          await render.prepare?.();
          return render;
        })
      : Promise.resolve(null);
    modules.set(file, loaded);
  }
  return loaded;
}

/**
 * Loads the drawing module ahead of the first page (startServer): resolves once it is in, or is absent, or failed to
 * load, which is logged here and leaves every page to the app, as without the module.
 */
export async function loadPageRenderer(file: string | null, log: Logger): Promise<void> {
  await serverRender(file).catch((err: unknown) => log.error({ err }, "the page drawing module could not be loaded"));
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

/**
 * drawn.html with a drawn page in #root, its reads beside it, its styles in the head, and its title. The page is
 * marked `[data-drawn]` until the app takes it over: a button tapped or a field typed into before then would do
 * nothing, or lose what was typed, so the page's script holds taps and typing inside the mark
 * (frontend/src/app/drawn-hold.ts); it can be read and scrolled.
 */
export function composePage(html: string, drawn: Rendered): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error(`${DRAWN_HTML} has no empty ${EMPTY_ROOT}`);
  if (drawn.styles && !html.includes("</head>")) throw new Error(`${DRAWN_HTML} has no </head>`);
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(drawn.title)}</title>`)
    .replace("</head>", () => `${drawn.styles ?? ""}</head>`)
    .replace(
      EMPTY_ROOT,
      `<div id="root"><div data-drawn${drawn.drawnAt === undefined ? "" : ` ${DRAWN_AT_ATTRIBUTE}="${drawn.drawnAt}"`}>${drawn.markup}</div></div>\n    <script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(drawn.state)}</script>`,
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

/** What drawing a page needs: the reads it is drawn from, and the drawing, once they are in. */
interface PageToDraw {
  data: unknown;
  draw(render: ServerRender): Rendered;
}

/** A refusal of the page's reads: not drawn here, and the app's page then says what the API says. */
const notDrawn = (err: unknown) => [401, 403, 404].includes((err as { status?: number }).status ?? 0);

async function sharedTripPage(ctx: AppContext, token: string): Promise<PageToDraw> {
  const { sharedTrips } = ctx.services;
  const viewer = await currentUser(ctx);
  const [info, locations, messages, config] = await Promise.all([
    sharedTrips.info(token, viewer?.id ?? null),
    sharedTrips.locations(token),
    sharedTrips.messages(token),
    clientConfig(ctx.services.config),
  ]);
  const data: SharedTripPageData = { info, locations, messages, config };
  return { data, draw: (render) => render.renderSharedTrip(token, data) };
}

/**
 * A member's group page, from the reads of GET /api/auth/user, /api/groups/{id}, its members, their locations and the
 * member's tracker sharing, the first page of their notifications (the header's bell) and the server's settings, as
 * they answer: where everyone is shows with the page's first paint, before the app or its map has arrived.
 */
async function groupPage(ctx: AppContext, groupId: number): Promise<PageToDraw | null> {
  const user = await currentUser(ctx);
  if (!user) return null;
  const access = await groupAccess(ctx, groupId);
  const { groups, locations, trackers, notifications } = ctx.services;
  const [me, members, located, trackerSharing, unread, config] = await Promise.all([
    ctx.services.auth.present(user),
    groups.members(groupId),
    locations.list(groupId),
    trackers.sharing(groupId, user.id),
    notifications.page(user.id, null),
    clientConfig(ctx.services.config),
  ]);
  const data: GroupPageData = {
    user: me,
    group: groups.view(access.group),
    members,
    locations: located,
    trackerSharing,
    notifications: unread,
    config,
  };
  return { data, draw: (render) => render.renderGroupPage(groupId, data) };
}

/** A signed-in user's dashboard (`/`), from the reads of GET /api/auth/user, /api/groups, its stats and their shares. */
async function dashboardPage(ctx: AppContext): Promise<PageToDraw | null> {
  const user = await currentUser(ctx);
  if (!user) return null;
  const { groups, sharedTrips } = ctx.services;
  const [me, list, stats, shares] = await Promise.all([
    ctx.services.auth.present(user),
    groups.listFor(user.id),
    groups.statsFor(user.id),
    sharedTrips.listMine(user.id),
  ]);
  const data: DashboardPageData = { user: me, groups: list, stats, sharedTrips: shares };
  return { data, draw: (render) => render.renderDashboard(data) };
}

/** How to read the page at `path`, when the server draws it; null for the app's own. */
function pageAt(ctx: AppContext, path: string): (() => Promise<PageToDraw | null>) | null {
  if (path === "/") return () => dashboardPage(ctx);
  const shared = SHARED_TRIP_PAGE.exec(path);
  if (shared) {
    let token: string;
    try {
      token = decodeURIComponent(shared[1]!);
    } catch {
      return null;
    }
    return () => sharedTripPage(ctx, token);
  }
  const group = GROUP_PAGE.exec(path);
  if (group) return () => groupPage(ctx, Number(group[1]));
  return null;
}

/**
 * The HTML of the page at `ctx.path` when the server draws that page, or null for the app's index.html: the path is
 * not such a page, the share does not exist, the caller may not see the group (the app then shows its own "not
 * found", "Access Denied" or sign-in), nobody is signed in (at `/`), or the drawing module is absent.
 */
export async function drawnPage(ctx: AppContext, staticDir: string): Promise<string | null> {
  const read = pageAt(ctx, ctx.path);
  if (!read) return null;
  // A module that failed to load was logged once, as the server started (loadPageRenderer).
  const render = await serverRender(ctx.services.config.pageRenderer).catch(() => null);
  const html = drawnHtml(staticDir);
  if (!render || html === null) return null;
  let page: PageToDraw | null;
  try {
    page = await read();
  } catch (err) {
    if (notDrawn(err)) return null;
    throw err;
  }
  if (!page) return null;
  const now = Date.now();
  const key = createHash("sha256").update(ctx.path).update("\0").update(JSON.stringify(page.data)).digest("base64url");
  const kept = drawn.get(key);
  if (kept && now - kept.at <= DRAWN_KEEP_MS) return kept.html;
  try {
    const composed = composePage(html, page.draw(render));
    remember(key, composed, now);
    return composed;
  } catch (err) {
    ctx.services.log.error({ err, path: ctx.path }, "a page could not be drawn on the server");
    return null;
  }
}
