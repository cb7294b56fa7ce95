/**
 * Many signed-in members straight into the database, for the benchmarks that need more people than signing each up
 * through the API would allow (password hashing): users, their groups, memberships, and a session each, with the
 * cookie that the app started with `sessionSecret` accepts.
 */
import "reflect-metadata";
import { randomBytes, randomUUID } from "node:crypto";
import Keygrip from "keygrip";
import { createDataSource } from "../backend/src/db/data-source.js";
import { Group, GroupMembership, SessionRecord, User } from "../backend/src/db/entities/index.js";

export interface SeededMember {
  id: string;
  index: number;
  groupId: number;
  /** The session cookie and its signature, as a Cookie header. */
  cookie: string;
}

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const CHUNK = 5_000;

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** `count` members in groups of `groupSize` (the first of each owns it), each signed in for a day. */
export async function seedMembers(
  databaseUrl: string,
  count: number,
  groupSize: number,
  sessionSecret: string,
): Promise<SeededMember[]> {
  const db = createDataSource({ url: databaseUrl }, 4);
  await db.initialize();
  try {
    await db.runMigrations();
    const keys = new Keygrip([sessionSecret]);
    const tag = randomBytes(3).toString("hex");
    const users = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      email: `bench-${tag}-${i}@bench.invalid`,
      firstName: "Bench",
      lastName: String(i),
      provider: "local",
    }));
    await insertInChunks(users, (chunk) => db.getRepository(User).insert(chunk));
    const groups = Array.from({ length: Math.ceil(count / groupSize) }, (_, g) => ({
      name: `Bench ${g}`,
      status: "active" as const,
      ownerId: users[g * groupSize]!.id,
    }));
    const groupIds: number[] = [];
    await insertInChunks(groups, async (chunk) => {
      const { identifiers } = await db.getRepository(Group).insert(chunk);
      groupIds.push(...identifiers.map((row) => row.id as number));
    });
    const sids = users.map(() => randomBytes(32).toString("base64url"));
    const members: SeededMember[] = users.map((u, i) => ({
      id: u.id,
      index: i,
      groupId: groupIds[Math.floor(i / groupSize)]!,
      cookie: `caravan.sid=${sids[i]}; caravan.sid.sig=${keys.sign(`caravan.sid=${sids[i]}`)}`,
    }));
    await insertInChunks(members, (chunk) =>
      db.getRepository(GroupMembership).insert(
        chunk.map((m) => ({
          groupId: m.groupId,
          userId: m.id,
          role: m.index % groupSize === 0 ? ("owner" as const) : ("member" as const),
        })),
      ),
    );
    const expire = new Date(Date.now() + 86_400_000);
    await insertInChunks(members, (chunk) =>
      db.getRepository(SessionRecord).insert(
        chunk.map((m) => ({
          sid: sids[m.index]!,
          sess: { userId: m.id, _expire: expire.getTime(), _maxAge: 86_400_000 },
          expire,
        })),
      ),
    );
    return members;
  } finally {
    await db.destroy();
  }
}
