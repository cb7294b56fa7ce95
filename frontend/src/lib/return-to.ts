/**
 * Where the browser may be sent back to after signing in: a path on this site. "//host" and "/\host" are other
 * sites to a browser, and browsers drop tabs and newlines inside URLs, so "/<tab>/host" is one too.
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (typeof value !== "string" || !value.startsWith("/")) return null;
  if (value.startsWith("//") || value.includes("\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}

/** The server's login entry: it redirects to the landing page with the sign-in dialog open. */
export function loginUrl(returnTo: string): string {
  const safe = safeReturnTo(returnTo);
  return safe && safe !== "/" ? `/api/login?returnTo=${encodeURIComponent(safe)}` : "/api/login";
}
