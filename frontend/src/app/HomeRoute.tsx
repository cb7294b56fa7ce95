import { Suspense, useEffect } from "react";
import { lazyWithQueries } from "../api/lazy-with-queries";
import { probeSession, useSession } from "../api/session";
import { LandingPage } from "../features/landing";

const DashboardPage = lazyWithQueries(() => import("./pages/DashboardPage").then((m) => m.DashboardPage));

/** `/`: the dashboard when signed in; the landing page when signed out or still finding out (SPEC §2). */
export function HomeRoute() {
  const user = useSession();
  useEffect(() => {
    void probeSession();
  }, []);
  if (!user) return <LandingPage />;
  // Visitors never download the dashboard; a signed-in user keeps seeing the page so far while it arrives.
  return (
    <Suspense fallback={<LandingPage />}>
      <DashboardPage user={user} />
    </Suspense>
  );
}
