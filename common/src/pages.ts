/**
 * The app's pages that an address alone names, one entry each, and, for the pages the server renders before the app's
 * code arrives, what rendering them takes. Everyone who needs to know a page by its address reads this list: the
 * server, which renders the pages marked `serverRendered` (backend/src/http/pages.ts), the app's router
 * (frontend/src/app/router.tsx), the reads the app asks for as it starts (frontend/src/api/early-reads.ts), the
 * module that renders pages in Node (frontend/src/app/server-render.tsx) and the build, which lists each rendered
 * page's code in the page (frontend/build/prerender.ts). Adding a server-rendered page: docs/ARCHITECTURE.md,
 * "Server-rendered pages".
 */
import type {
  ClientConfig,
  CurrentUser,
  Group,
  GroupLocation,
  GroupMember,
  GroupStats,
  GroupSummary,
  NotificationPage,
  SharedTrip,
  SharedTripInfo,
  SharedTripLocation,
  SharedTripMessage,
  TrackerSharing,
} from "./types.js";

/** The API paths a page reads first, asked for by name by the app's features and by its first load. */
export const CURRENT_USER_PATH = "/api/auth/user";
/** The signed-in probe: "nobody" is answered 204, not 401, so a visitor's console stays clean. */
export const SESSION_PROBE_PATH = `${CURRENT_USER_PATH}?probe=1`;
export const GROUPS_PATH = "/api/groups";
export const GROUP_STATS_PATH = "/api/groups/stats";
export const MY_SHARED_TRIPS_PATH = "/api/shared-trips";
export const NOTIFICATIONS_PATH = "/api/notifications";

/** An id as the API accepts it in a path (the backend's parseId). */
const API_ID = /^[1-9]\d{0,15}$/;

/** A page's params, decoded from its address: `{ id: "12" }` at /groups/12. */
export type PageParams = Readonly<Record<string, string>>;

export interface PageDeclaration {
  /** The router's path: `:name` stands for one segment of the address, which the page reads as its param `name`. */
  readonly path: string;
  /** Rendered by the server for its first look (the app takes it over from there); otherwise the app renders it. */
  readonly serverRendered?: boolean;
  /** Only for someone signed in: nobody's visit gets something else at this address (the landing page at `/`). */
  readonly signedIn?: boolean;
  /**
   * What each param must look like for the page to be read: otherwise the server renders nothing and no read is asked
   * for early; the app opens the page and says what is wrong.
   */
  readonly params?: Readonly<Record<string, RegExp>>;
  /**
   * The page's first reads, asked for as the app starts, while the page's code is still on the way
   * (frontend/src/api/early-reads.ts): API paths, `:name` standing for the page's param `name`. For a `signedIn` page
   * they are asked for once the probe names someone.
   */
  readonly earlyReads?: readonly string[];
  /** Of those, the ones the server-rendered page does not come with: asked for early even when it was rendered. */
  readonly notRendered?: readonly string[];
}

/** Every page an address names, one line each (docs/product.md §2). */
export const PAGES = {
  dashboard: {
    path: "/",
    serverRendered: true,
    signedIn: true,
    earlyReads: [GROUPS_PATH, GROUP_STATS_PATH, MY_SHARED_TRIPS_PATH, NOTIFICATIONS_PATH],
    // The bell's own read, made as the app takes over (frontend/src/app/server-render.tsx renders from the rest).
    notRendered: [NOTIFICATIONS_PATH],
  },
  group: {
    path: "/groups/:id",
    serverRendered: true,
    params: { id: API_ID },
    earlyReads: [`${GROUPS_PATH}/:id`],
  },
  join: { path: "/join/:token" },
  sharedTrip: {
    path: "/shared/:token",
    serverRendered: true,
    earlyReads: [`${MY_SHARED_TRIPS_PATH}/:token`],
  },
} as const satisfies Record<string, PageDeclaration>;

export type PageName = keyof typeof PAGES;

/** The pages the server renders. */
export type ServerRenderedPage = {
  [P in PageName]: (typeof PAGES)[P] extends { serverRendered: true } ? P : never;
}[PageName];

export const isServerRendered = (page: PageName): page is ServerRenderedPage =>
  (PAGES[page] as PageDeclaration).serverRendered === true;

/** What the server renders each page from, and hands the app with it. */
export interface ServerRenderedData {
  dashboard: DashboardPageData;
  group: GroupPageData;
  sharedTrip: SharedTripPageData;
}

/**
 * The page at `pathname` (a trailing slash allowed), with its params decoded: `null` params when one is malformed or
 * not the shape the page reads.
 */
export function matchPage(pathname: string): { page: PageName; params: PageParams | null } | null {
  for (const page of Object.keys(PAGES) as PageName[]) {
    const { path, params: shapes = {} }: PageDeclaration = PAGES[page];
    // Each `:name` one segment of the address; a short literal, then bounded runs between literal slashes.
    const found = new RegExp(`^${path.replace(/\/$/, "").replace(/:(\w+)/g, "(?<$1>[^/]+)")}/?$`).exec(pathname);
    if (!found) continue;
    try {
      const params = Object.fromEntries(Object.entries(found.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
      return { page, params: Object.entries(shapes).every(([k, shape]) => shape.test(params[k]!)) ? params : null };
    } catch {
      return { page, params: null }; // A malformed escape: the page reports it as it would anyway.
    }
  }
  return null;
}

/** `template` (a page's path, or an API path it reads) with each `:name` replaced by param `name`, escaped. */
export const fillPath = (template: string, params: PageParams): string =>
  template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));

/** The address of `page` for `params`. */
export const addressOf = (page: PageName, params: PageParams = {}): string => fillPath(PAGES[page].path, params);

/**
 * A shared trip's public page as the server renders it (GET /shared/{token}): the three reads the page makes, answered
 * as GET /api/shared-trips/{token}, .../locations and .../messages answer them, and the server's settings for the
 * browser (GET /api/config), which its map is drawn with.
 */
export interface SharedTripPageData {
  info: SharedTripInfo;
  locations: SharedTripLocation[];
  messages: SharedTripMessage[];
  /** GET /api/config: the map's layers. */
  config: ClientConfig;
}

/**
 * What the server renders a group's page from for a member: the reads its first screen needs, as GET /api/auth/user,
 * /api/groups/{id}, its members, its locations and its tracker sharing, and the first page of GET /api/notifications,
 * answer that member; and the server's settings for the browser (GET /api/config).
 */
export interface GroupPageData {
  user: CurrentUser;
  group: Group;
  members: GroupMember[];
  locations: GroupLocation[];
  trackerSharing: TrackerSharing;
  notifications: NotificationPage;
  config: ClientConfig;
}

/**
 * What the server renders a signed-in user's dashboard (`/`) from: the reads its first screen needs, as
 * GET /api/auth/user, /api/groups, /api/groups/stats and /api/shared-trips answer that user.
 */
export interface DashboardPageData {
  user: CurrentUser;
  groups: GroupSummary[];
  stats: GroupStats;
  sharedTrips: SharedTrip[];
}
