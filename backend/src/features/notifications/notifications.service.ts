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
import { firstNameOf, placeOf } from "../../lib/notice-text.js";
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
  share_token: string | null;
  created_at: Date;
  read_at: Date | null;
}

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
          shareToken: null,
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

  /**
   * Tells the sharer that a watcher wrote on their shared trip. Never for the sharer's own messages. Like the group
   * notices, after the message is stored; a failure is logged and does not fail the message.
   */
  async shareMessage(trip: { id: number; sharerId: string; shareToken: string }, author: Person): Promise<void> {
    if (author.id === trip.sharerId) return;
    // Names the watcher without quoting them: the words stay in the chat, where deleting an account or the share
    // removes them, and never land in the sharer's notifications or their export.
    const text = T.shareMessage(firstNameOf(author));
    try {
      const [row] = (await this.db.query(
        `INSERT INTO "notifications" ("user_id", "shared_trip_id", "kind", "text") VALUES ($1, $2, 'share-message', $3)
         RETURNING "id", "created_at"`,
        [trip.sharerId, trip.id, encryptText(text)],
      )) as Array<{ id: number; created_at: Date }>;
      const view: AppNotification = {
        id: row!.id,
        kind: "share-message",
        text,
        groupId: null,
        shareToken: trip.shareToken,
        createdAt: row!.created_at.toISOString(),
        readAt: null,
      };
      this.realtime.publish(rooms.user(trip.sharerId), "notification:created", view);
    } catch (err) {
      this.log.warn({ err, sharedTripId: trip.id }, "share message notification could not be written");
    }
  }

  /** The sharer read their share's chat: its message notices are read. */
  async markShareRead(userId: string, sharedTripId: number): Promise<void> {
    await this.db.query(
      `UPDATE "notifications" SET "read_at" = now()
        WHERE "user_id" = $1 AND "shared_trip_id" = $2 AND "read_at" IS NULL`,
      [userId, sharedTripId],
    );
  }

  /** For each of the user's shares, how many message notices are unread. */
  async unreadPerShare(userId: string, sharedTripIds: number[]): Promise<Map<number, number>> {
    if (sharedTripIds.length === 0) return new Map();
    const rows = (await this.db.query(
      `SELECT "shared_trip_id" AS "tripId", count(*)::int AS "n" FROM "notifications"
        WHERE "user_id" = $1 AND "shared_trip_id" = ANY($2) AND "read_at" IS NULL
        GROUP BY "shared_trip_id"`,
      [userId, sharedTripIds],
    )) as Array<{ tripId: number; n: number }>;
    return new Map(rows.map((r) => [r.tripId, r.n]));
  }

  /** Newest first; `before` is the id of the last one already shown. Reads one page plus one row. */
  async page(userId: string, before: number | null, limit = NOTIFICATIONS_PAGE_SIZE): Promise<NotificationPage> {
    const [rows, unread] = await Promise.all([
      this.db.query(
        `SELECT n."id", n."kind", n."text", n."group_id", s."share_token", n."created_at", n."read_at"
           FROM "notifications" n LEFT JOIN "shared_trips" s ON s."id" = n."shared_trip_id"
          WHERE n."user_id" = $1
            AND ($2::int IS NULL OR (n."created_at", n."id") <
                 (SELECT c."created_at", c."id" FROM "notifications" c WHERE c."id" = $2 AND c."user_id" = $1))
          ORDER BY n."created_at" DESC, n."id" DESC
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
    shareToken: r.share_token,
    createdAt: r.created_at.toISOString(),
    readAt: r.read_at?.toISOString() ?? null,
  };
}
