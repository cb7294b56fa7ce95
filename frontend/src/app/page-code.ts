import type { Page } from "./page-paths";

export { pageAt, type Page } from "./page-paths";

/**
 * The code of the pages that are not in the first load, and which of them an address opens. The router and `/`
 * render them from here, and the first module the app evaluates (early-start.ts) asks for the current page's
 * code at once: on a phone its files then arrive while React, the UI library and the app are being evaluated,
 * instead of only once the app has started and rendered the route.
 */
export const PAGE_CODE = {
  dashboard: () => import("./pages/DashboardPage").then((m) => m.DashboardPage),
  group: () => import("./GroupRoute").then((m) => m.GroupRoute),
  join: () => import("./pages/JoinPage").then((m) => m.JoinPage),
  sharedTrip: () => import("./pages/SharedTripPage").then((m) => m.SharedTripPage),
};

/** Starts fetching a page's code, and the query layer each of them renders in. */
export function preloadPage(page: Page): void {
  // A failed download is the page's own render to report, when it asks again.
  void PAGE_CODE[page]().catch(() => undefined);
  void import("../api/query-layer").catch(() => undefined);
}

/** Whether #root holds a page the server drew (backend/src/http/pages.ts wraps it in [data-drawn]). */
export const drawnByServer = (): boolean =>
  document.getElementById("root")?.firstElementChild?.hasAttribute("data-drawn") ?? false;
