/**
 * Where the browser may be sent back to after signing in: a path on this site, checked the same way by the page that
 * asks for it and by the server that redirects to it. "//host" and "/\host" are other sites to a browser, and
 * browsers drop tabs and newlines inside URLs, so "/<tab>/host" is one too; an absolute URL does not start with "/".
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/")) return null;
  if (value.startsWith("//") || value.includes("\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return value;
}
