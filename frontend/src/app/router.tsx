import { Route, Routes } from "react-router-dom";
import { lazyWithQueries } from "../api/lazy-with-queries";
import { dashboardReady, HomeRoute, preloadDashboard } from "./HomeRoute";
import { PAGE_CODE, pageAt } from "./page-code";
import { RootLayout } from "./RootLayout";

const GroupRoute = lazyWithQueries(PAGE_CODE.group, { drawnByServer: true });
const JoinPage = lazyWithQueries(PAGE_CODE.join);
const SharedTripPage = lazyWithQueries(PAGE_CODE.sharedTrip, { drawnByServer: true });
const NotFoundPage = lazyWithQueries(() => import("./NotFoundPage").then((m) => m.NotFoundPage));

/**
 * The code of a page the server drew (backend/src/http/pages.ts), fetched before the app first renders: the page
 * on screen then stays there until the app draws it again, instead of giving way to an empty route meanwhile.
 */
export function preloadDrawnPage(pathname: string): Promise<void> {
  if (pathname === "/") return preloadDashboard();
  const page = pageAt(pathname);
  if (page === "sharedTrip") return SharedTripPage.preload();
  if (page === "group") return GroupRoute.preload();
  return Promise.resolve();
}

/** The code of the pages the server draws through these routes (server-render.tsx), loaded: the server's own. */
export const drawnPagesReady = (): Promise<void> =>
  Promise.all([dashboardReady(), GroupRoute.preload(), SharedTripPage.preload()]).then(() => undefined);

/**
 * Every route of SPEC §2, one line each. Only `/` (the landing page, most visitors' first page) is in the first
 * load; every other route brings its own code when it is opened. Declarative routes rather than a data router:
 * nothing here loads data before rendering, and the data router is about a tenth of the first load.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route path="/" element={<HomeRoute />} />
        <Route path="/groups/:id" element={<GroupRoute />} />
        <Route path="/join/:token" element={<JoinPage />} />
        <Route path="/shared/:token" element={<SharedTripPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
