import { safeReturnTo } from "@caravan/common";

export { safeReturnTo };

/** The server's login entry: it redirects to the landing page with the sign-in dialog open. */
export function loginUrl(returnTo: string): string {
  const safe = safeReturnTo(returnTo);
  return safe && safe !== "/" ? `/api/login?returnTo=${encodeURIComponent(safe)}` : "/api/login";
}
