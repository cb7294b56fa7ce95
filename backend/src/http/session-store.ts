import { randomBytes } from "node:crypto";
import { LessThan, type DataSource, type EntityManager } from "typeorm";
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

/** 256 bits from the CSPRNG: session ids are bearer secrets. */
export const newSessionId = () => randomBytes(32).toString("base64url");

/** Deletes expired sessions; returns how many went. */
export async function deleteExpiredSessions(db: DataSource): Promise<number> {
  const result = await db.getRepository(SessionRecord).delete({ expire: LessThan(new Date()) });
  return result.affected ?? 0;
}

/** Deletes every stored session signed in as this user: their cookies sign nobody in from now on. */
export async function endSessionsOf(em: EntityManager, userId: string): Promise<void> {
  await em.query(`DELETE FROM "sessions" WHERE "sess"->>'userId' = $1`, [userId]);
}
