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

export type Page = keyof typeof PAGE_CODE;

/** The router's paths of the pages an address alone names (router.tsx); `/` is the dashboard only when signed in. */
const PAGES: [RegExp, Page][] = [
  [/^\/groups\/[^/]+\/?$/, "group"],
  [/^\/join\/[^/]+\/?$/, "join"],
  [/^\/shared\/[^/]+\/?$/, "sharedTrip"],
];

export const pageAt = (pathname: string): Page | null => PAGES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;

/**
 * Starts fetching a page's code, and the query layer each of them renders in. Asking for a file starts its request
 * there and then, a millisecond or two of a phone's main thread each, and a page needs some twenty: `inTasks` asks
 * for the query layer's files and then the page's own in a task each, rather than for all of them in the caller's.
 */
export function preloadPage(page: Page, inTasks = false): void {
  // A failed download is the page's own render to report, when it asks again.
  const layer = () => void import("../api/query-layer").catch(() => undefined);
  const code = () => void PAGE_CODE[page]().catch(() => undefined);
  if (!inTasks) {
    code();
    layer();
    return;
  }
  setTimeout(layer);
  setTimeout(code);
}

/** Whether #root holds a page the server drew (backend/src/http/pages.ts wraps it in [data-drawn]). */
export const drawnByServer = (): boolean =>
  document.getElementById("root")?.firstElementChild?.hasAttribute("data-drawn") ?? false;
