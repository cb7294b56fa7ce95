import { Route, Routes } from "react-router-dom";
import { isServerRendered, PAGES, type PageDeclaration, type PageName, type ServerRenderedPage } from "@caravan/common";
import { lazyWithQueries } from "../api/lazy-with-queries";
import { dashboardReady, HomeRoute, preloadDashboard } from "./HomeRoute";
import { PAGE_CODE } from "./page-code";
import { RootLayout } from "./RootLayout";

/** `/`'s page for someone signed in (HomeRoute: the landing page for anyone else). */
const { dashboard: _home, ...ROUTED_CODE } = PAGE_CODE;
type RoutedPage = keyof typeof ROUTED_CODE;

/** Every other page of common's list (common/src/pages.ts), each bringing its own code when it is opened. */
const ROUTED = Object.fromEntries(
  (Object.keys(ROUTED_CODE) as RoutedPage[]).map((page) => [
    page,
    lazyWithQueries(ROUTED_CODE[page], { serverRendered: (PAGES[page] as PageDeclaration).serverRendered }),
  ]),
) as Record<RoutedPage, ReturnType<typeof lazyWithQueries<object>>>;

const NotFoundPage = lazyWithQueries(() => import("./NotFoundPage").then((m) => m.NotFoundPage));

const isRouted = (page: PageName): page is RoutedPage => page in ROUTED;

/**
 * The code of a page the server rendered (backend/src/http/pages.ts), fetched before the app first renders: the page
 * on screen then stays there until the app renders it again, instead of giving way to an empty route meanwhile.
 */
export const preloadServerRenderedPage = (page: ServerRenderedPage): Promise<void> =>
  isRouted(page) ? ROUTED[page].preload() : preloadDashboard();

/** The code of the pages the server renders through these routes (server-render.tsx), loaded: the server's own. */
export const serverRenderedPagesReady = (): Promise<void> =>
  Promise.all(
    (Object.keys(PAGES) as PageName[])
      .filter(isServerRendered)
      .map((page) => (isRouted(page) ? ROUTED[page].preload() : dashboardReady())),
  ).then(() => undefined);

/**
 * Every route of docs/product.md §2: `/`, then each page of the list at its path. Only `/` (the landing page, most visitors' first
 * page) is in the first load; every other route brings its own code when it is opened. Declarative routes rather than
 * a data router: nothing here loads data before rendering, and the data router is about a tenth of the first load.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<HomeRoute />} />
        {(Object.keys(ROUTED) as RoutedPage[]).map((page) => {
          const Page = ROUTED[page];
          return <Route key={page} path={PAGES[page].path} element={<Page />} />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
