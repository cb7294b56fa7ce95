import { matchPage, PAGES, type PageDeclaration, type PageName } from "@caravan/common";

/**
 * The code of each page in common's list of pages (common/src/pages.ts), none of which is in the first load. The
 * router and `/` render them from here, and the first module the app evaluates (boot/early-start.ts) asks for the
 * current page's code at once: on a phone its files then arrive while React, the UI library and the app are being
 * evaluated, instead of only once the app has started and rendered the route.
 */
export const PAGE_CODE = {
  dashboard: () => import("./pages/DashboardPage").then((m) => m.DashboardPage),
  group: () => import("./GroupRoute").then((m) => m.GroupRoute),
  join: () => import("./pages/JoinPage").then((m) => m.JoinPage),
  sharedTrip: () => import("./pages/SharedTripPage").then((m) => m.SharedTripPage),
} satisfies Record<PageName, unknown>;

/**
 * The page an address alone names, for fetching its code as the app starts; not a page only for someone signed in
 * (the dashboard at `/`, whose code waits until the session is known).
 */
export function pageAt(pathname: string): PageName | null {
  const page = matchPage(pathname)?.page;
  return page && !(PAGES[page] as PageDeclaration).signedIn ? page : null;
}

/** Starts fetching a page's code, and the query layer each of them renders in. */
export function preloadPage(page: PageName): void {
  // A failed download is the page's own render to report, when it asks again.
  void PAGE_CODE[page]().catch(() => undefined);
  void import("../api/query-layer").catch(() => undefined);
}
