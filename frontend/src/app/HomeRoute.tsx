import { Box } from "@chakra-ui/react";
import { Suspense, useDeferredValue, useEffect } from "react";
import { lazyWithQueries } from "../api/lazy-with-queries";
import { knownSession, probeSession, useSession } from "../api/session";
import { AccountSlot, AppTopBar } from "../components/AppTopBar";
import { LandingPage } from "../features/landing";
import { PAGE_CODE } from "./page-code";
import { preloadAccountMenu } from "./RootLayout";

const DashboardPage = lazyWithQueries(PAGE_CODE.dashboard, { serverRendered: true });

/**
 * What `/` shows while it finds out who is signed in: the landing page when it is already on screen (prerendered at
 * build time, and the app brought by a visitor's tap), otherwise the pages' bare header. The app's own document is what a
 * browser with a session gets at `/`, so drawing the landing page there would show a signed-in user, for a moment,
 * the page for visitors, and cost their phone the drawing of a page they never see.
 */
let landingOnScreen = false;

/** Started with the app at `/`: asks who is signed in at once and, for a user, fetches the dashboard's code meanwhile. */
export function startHome(options: { landingOnScreen: boolean }): void {
  landingOnScreen = options.landingOnScreen;
  void probeSession().then(() => {
    if (!knownSession()) return;
    void DashboardPage.preload();
    preloadAccountMenu();
  });
}

/**
 * The dashboard's code, with the query cache (which takes the reads the server rendered it from, and with them who
 * is signed in): for the dashboard the server rendered, before the app first renders it.
 */
export function preloadDashboard(): Promise<void> {
  preloadAccountMenu();
  return DashboardPage.preload();
}

/** The dashboard's code, for the server's rendering of it (server-render.tsx), without the user menu it leaves out. */
export const dashboardReady = (): Promise<void> => DashboardPage.preload();

function HomePending() {
  if (landingOnScreen) return <LandingPage />;
  return (
    <Box minH="100dvh" bg="surface.page">
      {/* No user menu yet: it would ask who is signed in a second time, and a visitor has none. */}
      <AccountSlot.Provider value={null}>
        <AppTopBar />
      </AccountSlot.Provider>
    </Box>
  );
}

/** `/`: the dashboard when signed in; the landing page when signed out (docs/product.md §2). */
export function HomeRoute() {
  const session = useSession();
  // The way in is deferred: while the dashboard's code arrives, what is on screen stays as it is, rather than being
  // drawn a second time as the fallback. The way out is not: once signed out (or deleted), the dashboard goes at
  // once, before any of its reads can meet the ended session. Visitors never download it.
  const deferred = useDeferredValue(session);
  const shown = session ? deferred : session;
  useEffect(() => {
    void probeSession();
  }, []);
  return (
    <Suspense fallback={<HomePending />}>
      {shown ? <DashboardPage user={shown} /> : shown === null ? <LandingPage /> : <HomePending />}
    </Suspense>
  );
}
