import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  dirOf,
  isServerRendered,
  matchPage,
  RENDERED_AT_ATTRIBUTE,
  SERVER_RENDERED_ATTRIBUTE,
  SERVER_STATE_ID,
  type PageParams,
  type ServerRenderedData,
  type ServerRenderedPage,
} from "@caravan/common";
import { AccessDenied } from "../access/errors.js";
import type { Logger } from "../logger.js";
import type { AppContext } from "./context.js";
import { HttpError } from "./errors.js";
import { currentUser, groupAccess } from "./guards.js";
import { requestLocale } from "./locale.js";

/**
 * Pages the server renders before the app's code arrives, those marked `serverRendered` in common's list of pages
 * (common/src/pages.ts): a shared trip's public page, which a watcher opens from a link on a phone, a group's page for
 * its members, which travellers open from the dashboard, a notification or a bookmark, on the road, and the dashboard
 * itself, the first page of everyone signed in. Here is what each is rendered from (`READS`); the module that renders
 * them is built with the frontend (frontend/src/app/server-render.tsx, into frontend/dist-server:
 * config.pageRenderer). The page goes out inside rendered.html (the app's index.html with a small script that loads
 * the app once the page is painted: frontend/src/boot/rendered-boot.ts), with the reads it was rendered from, and the
 * app takes over from there. Without that module or that page, or when rendering fails, the app's index.html goes out
 * as it always did, and the app renders the page itself.
 */

/** What frontend/src/app/server-render.tsx exports (its build: frontend/build/prerender.ts, SERVER_RENDER_FILE). */
interface ServerRender {
  /** Loads the code of the pages it renders; rendering starts once it has settled. */
  prepare?(): Promise<void>;
  renderPage<P extends ServerRenderedPage>(
    page: P,
    params: PageParams,
    data: ServerRenderedData[P],
    locale: string,
  ): Rendered;
}

interface Rendered {
  markup: string;
  /** The page's style element, for its head (absent: the markup carries its own styles). */
  styles?: string;
  state: unknown;
  title: string;
  /** When it was rendered, in ms, for a page whose relative times the app's first render must repeat. */
  renderedAt?: number;
}

const EMPTY_ROOT = '<div id="root"></div>';
/** frontend/build/prerender.ts, RENDERED_HTML. */
const RENDERED_HTML = "rendered.html";

/** A page rendered for the same data within this long is sent again: its relative times are this stale at most. */
const REUSE_MS = 10_000;
const CACHED_MAX = 200;

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
 * Loads the rendering module ahead of the first page (startServer): resolves once it is in, or is absent, or failed
 * to load, which is logged here and leaves every page to the app, as without the module.
 */
export async function loadPageRenderer(file: string | null, log: Logger): Promise<void> {
  await serverRender(file).catch((err: unknown) => log.error({ err }, "the page rendering module could not be loaded"));
}

let shellFile: { file: string; mtimeMs: number; html: string } | null = null;

/** rendered.html, read again only when a build replaced it; null when the build wrote none. */
function renderedHtml(staticDir: string): string | null {
  const file = path.join(staticDir, RENDERED_HTML);
  let mtimeMs: number;
  try {
    ({ mtimeMs } = fs.statSync(file));
  } catch {
    return null;
  }
  if (shellFile?.file !== file || shellFile.mtimeMs !== mtimeMs) {
    shellFile = { file, mtimeMs, html: fs.readFileSync(file, "utf8") };
  }
  return shellFile.html;
}

/** `value` as JSON that cannot end the `<script>` element it is written into. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** `html` with its `<html ...>` start tag replaced by `tag`. */
function withHtmlTag(html: string, tag: string): string {
  const start = html.indexOf("<html");
  const end = html.indexOf(">", start);
  if (start < 0 || end < 0) throw new Error(`${RENDERED_HTML} has no <html> tag`);
  return html.slice(0, start) + tag + html.slice(end + 1);
}

/**
 * rendered.html with a rendered page in #root, its reads beside it, its styles in the head, and its title. The page
 * is marked `[data-server-rendered]`, naming it, until the app takes it over: a button tapped or a field typed into
 * before then would do nothing, or lose what was typed, so the page's script holds taps and typing inside the mark
 * (frontend/src/boot/hold-input.ts); it can be read and scrolled.
 */
export function composePage(html: string, page: ServerRenderedPage, rendered: Rendered, locale = "en"): string {
  if (!html.includes(EMPTY_ROOT)) throw new Error(`${RENDERED_HTML} has no empty ${EMPTY_ROOT}`);
  if (rendered.styles && !html.includes("</head>")) throw new Error(`${RENDERED_HTML} has no </head>`);
  const at = rendered.renderedAt === undefined ? "" : ` ${RENDERED_AT_ATTRIBUTE}="${rendered.renderedAt}"`;
  return withHtmlTag(html, `<html lang="${escapeHtml(locale)}" dir="${dirOf(locale)}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(rendered.title)}</title>`)
    .replace("</head>", () => `${rendered.styles ?? ""}</head>`)
    .replace(
      EMPTY_ROOT,
      `<div id="root"><div ${SERVER_RENDERED_ATTRIBUTE}="${page}"${at}>${rendered.markup}</div></div>\n    <script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(rendered.state)}</script>`,
    );
}

/** Pages rendered a moment ago, by address and data. */
const cached = new Map<string, { html: string; at: number }>();

function remember(key: string, html: string, now: number): void {
  for (const [k, v] of cached) if (now - v.at > REUSE_MS) cached.delete(k);
  // Still full: the oldest goes (a Map keeps insertion order).
  if (cached.size >= CACHED_MAX) cached.delete(cached.keys().next().value!);
  cached.set(key, { html, at: now });
}

/** A refusal of the page's reads: not rendered here, and the app's page then says what the API says. */
const notRendered = (err: unknown) =>
  err instanceof AccessDenied || (err instanceof HttpError && [401, 403, 404].includes(err.status));

/**
 * What each server-rendered page is rendered from, for the request in `ctx` and the params of its address (checked
 * against the list's shapes): null when it is not rendered for this caller (the app then shows its own sign-in).
 */
const READS: {
  [P in ServerRenderedPage]: (ctx: AppContext, params: PageParams) => Promise<ServerRenderedData[P] | null>;
} = {
  /** A signed-in user's dashboard (`/`), from the reads of GET /api/auth/user, /api/groups, its stats and shares. */
  async dashboard(ctx) {
    const user = await currentUser(ctx);
    if (!user) return null;
    const { groups, sharedTrips } = ctx.services;
    const [me, list, stats, shares] = await Promise.all([
      ctx.services.auth.present(user),
      groups.listFor(user.id),
      groups.statsFor(user.id),
      sharedTrips.listMine(user.id),
    ]);
    return { user: me, groups: list, stats, sharedTrips: shares };
  },

  /**
   * A member's group page, from the reads of GET /api/auth/user, /api/groups/{id}, its members, their locations and
   * the member's tracker sharing, the first page of their notifications (the header's bell) and the server's
   * settings, as they answer: where everyone is shows with the page's first paint, before the app or its map has
   * arrived.
   */
  async group(ctx, params) {
    const user = await currentUser(ctx);
    if (!user) return null;
    const groupId = Number(params.id);
    const access = await groupAccess(ctx, groupId);
    const { groups, locations, trackers, notifications } = ctx.services;
    const [me, members, located, trackerSharing, unread, config] = await Promise.all([
      ctx.services.auth.present(user),
      groups.members(groupId),
      locations.list(groupId),
      trackers.sharing(groupId, user.id),
      notifications.page(user.id, null),
      ctx.services.clientConfig(),
    ]);
    return {
      user: me,
      group: groups.view(access.group),
      members,
      locations: located,
      trackerSharing,
      notifications: unread,
      config,
    };
  },

  /** A shared trip's public page, from the reads of GET /api/shared-trips/{token}, its locations and messages. */
  async sharedTrip(ctx, params) {
    const token = params.token!;
    const { sharedTrips } = ctx.services;
    const viewer = await currentUser(ctx);
    const [info, locations, messages, config] = await Promise.all([
      sharedTrips.info(token, viewer?.id ?? null),
      sharedTrips.locations(token),
      sharedTrips.messages(token),
      ctx.services.clientConfig(),
    ]);
    return { info, locations, messages, config };
  },
};

/**
 * The HTML of the page at `ctx.path` when the server renders that page, or null for the app's index.html: the path is
 * not such a page (or its params are not what the page reads), the share does not exist, the caller may not see the
 * group (the app then shows its own "not found", "Access Denied" or sign-in), nobody is signed in (at `/`), or the
 * rendering module is absent.
 */
export async function serverRenderedPage(ctx: AppContext, staticDir: string): Promise<string | null> {
  const match = matchPage(ctx.path);
  if (!match?.params || !isServerRendered(match.page)) return null;
  const { page, params } = match;
  // A module that failed to load was logged once, as the server started (loadPageRenderer).
  const render = await serverRender(ctx.services.config.pageRenderer).catch(() => null);
  const html = renderedHtml(staticDir);
  if (!render || html === null) return null;
  let data: ServerRenderedData[typeof page] | null;
  try {
    data = await READS[page](ctx, params);
  } catch (err) {
    if (notRendered(err)) return null;
    throw err;
  }
  if (!data) return null;
  // The reader's language, the profile's included (the reads loaded the user).
  const locale = requestLocale(ctx);
  const now = Date.now();
  const key = createHash("sha256")
    .update(ctx.path)
    .update("\0")
    .update(locale)
    .update("\0")
    .update(JSON.stringify(data))
    .digest("base64url");
  const recent = cached.get(key);
  if (recent && now - recent.at <= REUSE_MS) return recent.html;
  try {
    const composed = composePage(html, page, render.renderPage(page, params, data, locale), locale);
    remember(key, composed, now);
    return composed;
  } catch (err) {
    ctx.services.log.error({ err, path: ctx.path }, "a page could not be rendered on the server");
    return null;
  }
}
