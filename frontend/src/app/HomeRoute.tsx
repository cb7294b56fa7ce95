import { Suspense, useDeferredValue, useEffect } from "react";
import { lazyWithQueries } from "../api/lazy-with-queries";
import { probeSession, useSession } from "../api/session";
import { LandingPage } from "../features/landing";

const DashboardPage = lazyWithQueries(() => import("./pages/DashboardPage").then((m) => m.DashboardPage));

/** `/`: the dashboard when signed in; the landing page when signed out or still finding out (SPEC §2). */
export function HomeRoute() {
  const session = useSession();
  // The way in is deferred: while the dashboard's code arrives, the landing page already on screen stays as it is,
  // rather than being drawn a second time as the fallback. The way out is not: once signed out (or deleted), the
  // dashboard goes at once, before any of its reads can meet the ended session. Visitors never download it.
  const deferred = useDeferredValue(session);
  const user = session ? deferred : null;
  useEffect(() => {
    void probeSession();
  }, []);
  return <Suspense fallback={<LandingPage />}>{user ? <DashboardPage user={user} /> : <LandingPage />}</Suspense>;
}
