import type { DataSource } from "typeorm";
import {
  NOTIFICATION_RETENTION_DAYS,
  NOTIFICATION_TEXTS as T,
  NOTIFICATIONS_PAGE_SIZE,
  rooms,
  type AppNotification,
  type NotificationKind,
  type NotificationPage,
} from "@caravan/common";
import { decryptText, encryptText } from "../../db/crypto.js";
import type { Logger } from "../../logger.js";
import type { Realtime } from "../../realtime/publisher.js";

interface Person {
  id: string;
  firstName: string | null;
}

interface GroupRef {
  id: number;
  name: string;
}

interface NotificationRow {
  id: number;
  kind: string;
  text: string;
  group_id: number | null;
  created_at: Date;
  read_at: Date | null;
}

/** The person as notifications name them: by first name. */
export const firstNameOf = (p: { firstName: string | null }) => p.firstName?.trim() || T.someone;

/** A destination as notifications name it. */
export const placeOf = (name: string | null | undefined) => name?.trim() || T.theDestination;

/**
 * Notifications for the members of a group about what one of them did. Each is stored per recipient, then pushed
 * to the recipient's own room. The actor never gets one about their own action. Callers notify after their own
 * write has committed; a failure here is logged and does not undo or fail that write.
 */
export class NotificationsService {
  constructor(
    private readonly db: DataSource,
    private readonly realtime: Realtime,
    private readonly log: Logger,
  ) {}

  /** Every current member of the group except the actor, one statement for all of them. */
  async notifyGroup(groupId: number, actorId: string, kind: NotificationKind, text: string): Promise<void> {
    try {
      const rows = (await this.db.query(
        `INSERT INTO "notifications" ("user_id", "group_id", "kind", "text")
         SELECT m."user_id", $1, $3, $4 FROM "group_memberships" m WHERE m."group_id" = $1 AND m."user_id" <> $2
         RETURNING "id", "user_id", "created_at"`,
        [groupId, actorId, kind, encryptText(text)],
      )) as Array<{ id: number; user_id: string; created_at: Date }>;
      for (const row of rows) {
        const view: AppNotification = {
          id: row.id,
          kind,
          text,
          groupId,
          createdAt: row.created_at.toISOString(),
          readAt: null,
        };
        this.realtime.publish(rooms.user(row.user_id), "notification:created", view);
      }
    } catch (err) {
      this.log.warn({ err, groupId, kind }, "notifications could not be written");
    }
  }

  arrival(groupId: number, member: Person, destinationName: string | null): Promise<void> {
    return this.notifyGroup(groupId, member.id, "arrival", T.arrival(firstNameOf(member), placeOf(destinationName)));
  }

  memberJoined(group: GroupRef, member: Person): Promise<void> {
    return this.notifyGroup(group.id, member.id, "member-joined", T.memberJoined(firstNameOf(member), group.name));
  }

  /**
   * After the membership is gone, so the leaver is not among the recipients. `actorId` is whoever ended it: the
   * leaver, or an owner removing them (who then is not told about their own action).
   */
  async memberLeft(group: GroupRef, memberId: string, actorId: string = memberId): Promise<void> {
    const [member] = (await this.db.query(`SELECT "first_name" FROM "users" WHERE "id" = $1`, [memberId])) as Array<{
      first_name: string | null;
    }>;
    const name = firstNameOf({ firstName: member?.first_name ?? null });
    await this.notifyGroup(group.id, actorId, "member-left", T.memberLeft(name, group.name));
  }

  proposalCreated(groupId: number, author: Person, destinationName: string): Promise<void> {
    return this.notifyGroup(
      groupId,
      author.id,
      "proposal-created",
      T.proposalCreated(firstNameOf(author), placeOf(destinationName)),
    );
  }

  tripFinalized(group: GroupRef, owner: Person, destinationName: string | null): Promise<void> {
    return this.notifyGroup(
      group.id,
      owner.id,
      "trip-finalized",
      T.tripFinalized(firstNameOf(owner), placeOf(destinationName), group.name),
    );
  }

  destinationChanged(group: GroupRef, actor: Person, destinationName: string | null, cleared: boolean): Promise<void> {
    const who = firstNameOf(actor);
    const text = cleared
      ? T.destinationCleared(who, group.name)
      : T.destinationChanged(who, placeOf(destinationName), group.name);
    return this.notifyGroup(group.id, actor.id, "destination-changed", text);
  }

  /** Newest first; `before` is the id of the last one already shown. Reads one page plus one row. */
  async page(userId: string, before: number | null, limit = NOTIFICATIONS_PAGE_SIZE): Promise<NotificationPage> {
    const [rows, unread] = await Promise.all([
      this.db.query(
        `SELECT "id", "kind", "text", "group_id", "created_at", "read_at" FROM "notifications"
          WHERE "user_id" = $1
            AND ($2::int IS NULL OR ("created_at", "id") <
                 (SELECT c."created_at", c."id" FROM "notifications" c WHERE c."id" = $2 AND c."user_id" = $1))
          ORDER BY "created_at" DESC, "id" DESC
          LIMIT $3`,
        [userId, before, limit + 1],
      ) as Promise<NotificationRow[]>,
      this.db.query(`SELECT count(*)::int AS n FROM "notifications" WHERE "user_id" = $1 AND "read_at" IS NULL`, [
        userId,
      ]) as Promise<Array<{ n: number }>>,
    ]);
    const page = rows.slice(0, limit);
    return {
      notifications: page.map(present),
      nextCursor: rows.length > limit ? page.at(-1)!.id : null,
      unreadCount: unread[0]?.n ?? 0,
    };
  }

  /** Marks the caller's given notifications read, or all of them; ids of others' notifications change nothing. */
  async markRead(userId: string, ids: number[] | undefined): Promise<void> {
    await this.db.query(
      `UPDATE "notifications" SET "read_at" = now()
        WHERE "user_id" = $1 AND "read_at" IS NULL AND ($2::int[] IS NULL OR "id" = ANY($2::int[]))`,
      [userId, ids ?? null],
    );
  }

  /** Deletes notifications older than the retention period; returns how many went. */
  async purgeOld(days = NOTIFICATION_RETENTION_DAYS): Promise<number> {
    const [, count] = (await this.db.query(
      `DELETE FROM "notifications" WHERE "created_at" < now() - make_interval(days => $1)`,
      [days],
    )) as [unknown[], number];
    return count;
  }
}

function present(r: NotificationRow): AppNotification {
  return {
    id: r.id,
    kind: r.kind as NotificationKind,
    text: decryptText(r.text),
    groupId: r.group_id,
    createdAt: r.created_at.toISOString(),
    readAt: r.read_at?.toISOString() ?? null,
  };
}
