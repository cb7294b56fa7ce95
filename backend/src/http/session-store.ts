import { randomBytes } from "node:crypto";
import { LessThan, type DataSource } from "typeorm";
import type { Grants } from "../access/grants.js";
import { SessionRecord } from "../db/entities/index.js";
import { preparedQuery } from "../db/prepared.js";

/** The session cookie (and `caravan.sid.sig`, its signature). */
export const SESSION_COOKIE = "caravan.sid";

/**
 * koa-session's external store over the `sessions` table. With `grants`, a session read recently is served from
 * memory; writing or destroying one revokes it on every instance.
 */
export function sessionStore(db: DataSource, grants: Grants | null = null) {
  const repo = db.getRepository(SessionRecord);
  const store = {
    async get(sid: string) {
      const cached = grants?.session(sid);
      if (cached) return JSON.parse(cached.json) as Record<string, unknown>;
      const mark = grants?.mark ?? 0;
      // Read on every request of a session not seen for a while (a tracker posting once a minute): one prepared
      // statement, no entity.
      const [row] = await preparedQuery<Pick<SessionRecord, "sess" | "expire">>(
        db,
        "caravan_session",
        `SELECT "sess", "expire" FROM "sessions" WHERE "sid" = $1`,
        [sid],
      );
      if (!row || row.expire.getTime() <= Date.now()) return undefined;
      const sess = row.sess;
      grants?.keepSession(sid, { json: JSON.stringify(sess), userId: sess.userId, expire: row.expire.getTime() }, mark);
      return sess;
    },
    /**
     * `settledSessionUser` of the stored session, for the location lane: a session remembered here is decided by the
     * time until which it is settled, worked out from its first such call (`maxAgeMs`, the configured lifetime, is
     * the same on every call), instead of parsing a copy of it for every request.
     */
    async settledUser(sid: string, maxAgeMs: number): Promise<string | null> {
      const cached = grants?.session(sid);
      if (!cached) return settledSessionUser(await store.get(sid), maxAgeMs);
      cached.settledUntil ??= settledUntil(JSON.parse(cached.json) as Record<string, unknown>, maxAgeMs);
      return Date.now() <= cached.settledUntil ? (cached.userId as string) : null;
    },
    async set(sid: string, sess: Record<string, unknown>, maxAge: number) {
      const expire = new Date(Date.now() + (Number.isFinite(maxAge) ? maxAge : 86_400_000));
      await repo.upsert({ sid, sess: sess as SessionRecord["sess"] as never, expire }, ["sid"]);
      grants?.revoke({ kind: "session", sid });
    },
    async destroy(sid: string) {
      await repo.delete({ sid });
      grants?.revoke({ kind: "session", sid });
    },
  };
  return store;
}

export type SessionStore = ReturnType<typeof sessionStore>;

/**
 * The user of a session as the store gave it, when koa-session would take it as it is: not expired, and not yet in
 * the second half of its life, where koa-session renews it (`renew: true`) and sends a new cookie. `maxAgeMs` is
 * the configured lifetime, which koa-session uses when the stored session does not carry its own. Null otherwise,
 * and for a session nobody is signed in to.
 */
export function settledSessionUser(
  sess: Record<string, unknown> | undefined,
  maxAgeMs: number,
  now = Date.now(),
): string | null {
  return sess && now <= settledUntil(sess, maxAgeMs) ? (sess.userId as string) : null;
}

/** Until when (ms since the epoch) settledSessionUser gives the session's user: -Infinity for none, Infinity for ever. */
function settledUntil(sess: Record<string, unknown>, maxAgeMs: number): number {
  if (typeof sess.userId !== "string" || sess._session) return -Infinity;
  const expire = sess._expire;
  const maxAge = typeof sess._maxAge === "number" ? sess._maxAge : maxAgeMs;
  return typeof expire === "number" ? Math.min(expire, expire - maxAge / 2) : Infinity;
}

/** 256 bits from the CSPRNG: session ids are bearer secrets. */
export const newSessionId = () => randomBytes(32).toString("base64url");

/** Deletes expired sessions; returns how many went. */
export async function deleteExpiredSessions(db: DataSource): Promise<number> {
  const result = await db.getRepository(SessionRecord).delete({ expire: LessThan(new Date()) });
  return result.affected ?? 0;
}
