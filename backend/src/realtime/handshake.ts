import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import type { DataSource } from "typeorm";
import { cookieKeys } from "../http/signed-cookies.js";
import { SESSION_COOKIE, sessionStore } from "../http/session-store.js";

/**
 * Same rule as the REST origin check: a browser names its page's origin on every WebSocket handshake and on
 * cross-site requests, so a foreign Origin is refused; callers without one (scripts, tests) are not a
 * cross-site vector.
 */
export function originAllowed(headers: IncomingHttpHeaders, publicUrl: string): boolean {
  const origin = headers.origin;
  if (origin) return origin === publicUrl;
  return headers["sec-fetch-site"] !== "cross-site";
}

/**
 * Resolves the signed-in user of a handshake from the koa-session cookie, verified as koa's `cookies` does:
 * `caravan.sid.sig` must be the signature (keygrip, as koa signs it: signed-cookies.ts) of `caravan.sid=<value>` under the current or a previous key. Returns null for anonymous visitors,
 * forged or stale cookies, and expired sessions.
 */
export function sessionReader(db: DataSource, sessionKeys: string | string[]) {
  // The first key signs (koa-session); every key verifies, so cookies signed before a rotation still work.
  const keys = cookieKeys(Array.isArray(sessionKeys) ? sessionKeys : [sessionKeys]);
  const store = sessionStore(db);
  return async (cookieHeader: string | undefined): Promise<SocketSession | null> => {
    if (!cookieHeader) return null;
    const sid = readCookie(cookieHeader, SESSION_COOKIE);
    const signature = readCookie(cookieHeader, `${SESSION_COOKIE}.sig`);
    if (!sid || !signature || !keys.verify(`${SESSION_COOKIE}=${sid}`, signature)) return null;
    const sess = (await store.get(sid)) as { userId?: unknown; _expire?: unknown } | undefined;
    if (!sess) return null;
    if (typeof sess._expire === "number" && sess._expire < Date.now()) return null;
    return typeof sess.userId === "string" && sess.userId
      ? { userId: sess.userId, sessionDigest: sessionDigest(sid) }
      : null;
  };
}

export interface SocketSession {
  userId: string;
  sessionDigest: string;
}

/** Names a session's socket room without putting its id (a bearer secret) on the wire between instances. */
export const sessionDigest = (sid: string) => createHash("sha256").update(sid).digest("base64url").slice(0, 32);

/** The first value of a cookie, as the `cookies` package reads it (no decoding; surrounding quotes dropped). */
export function readCookie(header: string, name: string): string | null {
  const prefix = `${name}=`;
  for (const raw of header.split(";")) {
    const part = raw.replace(/^ +/, "");
    if (!part.startsWith(prefix)) continue;
    const value = part.slice(prefix.length);
    return value.startsWith('"') ? value.slice(1, -1) : value;
  }
  return null;
}
