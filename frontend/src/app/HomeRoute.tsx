import { useCurrentUser } from "../api/current-user";
import { DashboardPage } from "../features/dashboard";
import { LandingPage } from "../features/landing";

/** `/`: the dashboard when signed in; the landing page when signed out or still finding out (SPEC §2). */
export function HomeRoute() {
  const { data: user } = useCurrentUser();
  return user ? <DashboardPage user={user} /> : <LandingPage />;
}
