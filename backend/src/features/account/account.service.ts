import type { DataSource } from "typeorm";
import {
  NOTIFICATION_TEXTS,
  rooms,
  type AppNotification,
  type GroupDeletedEvent,
  type MemberLeftEvent,
  type ShareEndedEvent,
} from "@caravan/common";
import { encryptText } from "../../db/crypto.js";
import { Group } from "../../db/entities/index.js";
import type { Logger } from "../../logger.js";
import type { Realtime } from "../../realtime/publisher.js";
import { coverKeyOf, releaseObjects } from "../uploads/index.js";
import type { AuthService } from "../auth/auth.service.js";
import { endSessionsOf } from "../../http/session-store.js";
import { presentGroup } from "../groups/groups.presenter.js";
import { firstNameOf } from "../../lib/notice-text.js";
import { buildExport, type AccountExport } from "./account.export.js";
import type { DeleteAccountDto } from "./account.dto.js";

interface Handover {
  groupId: number;
  heirId: string;
  notification: AppNotification;
}

/** What a deletion changed, announced once it has committed. */
interface DeletionOutcome {
  handedOver: Handover[];
  deletedGroups: number[];
  /** Groups the account was a member of that still exist. */
  leftGroups: number[];
  endedShares: string[];
  /** Images no remaining group shows, to remove from storage once the deletion has committed. */
  releasedObjects: string[];
}

/**
 * The caller's own data: the export, and deleting the account (docs/decisions/0013-account-deletion-and-export.md).
 *
 * Deleting happens in one transaction: every owned group passes to its longest-standing other member (who is
 * notified) or, with nobody left, is deleted; then the account's sessions and the account itself go, and with it by
 * foreign-key cascade its memberships, locations, messages, shares with their trails and chats, tracker apps,
 * notifications, proposals, votes, invites it made and upload rows. Invites addressed to its e-mail address, used or
 * not, are deleted too: the address is the account's, whoever typed it. Checklists and ticked items stay with their
 * groups, unattributed. Images go with the account: the covers of the groups deleted with it and every image it
 * uploaded, except those a remaining group still shows (a handed-over group keeps its cover).
 * After the commit the images are removed from storage, the rooms hear of it and every socket of the account is
 * disconnected on every instance.
 */
export class AccountService {
  constructor(
    private readonly db: DataSource,
    private readonly auth: Pick<AuthService, "confirmIdentity">,
    private readonly realtime: Realtime,
    private readonly log: Logger,
    private readonly shareUrl: (token: string) => string,
    /** Removes released images from storage (UploadsService.removeObjects); a failure there is logged, not thrown. */
    private readonly removeObjects: (keys: readonly string[]) => Promise<void>,
  ) {}

  exportData(userId: string): Promise<AccountExport> {
    return buildExport(this.db, userId, this.shareUrl);
  }

  async deleteAccount(userId: string, confirmation: DeleteAccountDto): Promise<void> {
    await this.auth.confirmIdentity(userId, confirmation);
    const outcome = await this.db.transaction(async (tx) => {
      const [user] = (await tx.query(`SELECT "first_name", "email" FROM "users" WHERE "id" = $1 FOR UPDATE`, [
        userId,
      ])) as Array<{
        first_name: string | null;
        email: string | null;
      }>;
      const result: DeletionOutcome = {
        handedOver: [],
        deletedGroups: [],
        leftGroups: [],
        endedShares: [],
        releasedObjects: [],
      };
      if (!user) return result;
      const owned = (await tx.query(
        `SELECT "id", "name", "cover_image_url" FROM "groups" WHERE "owner_id" = $1 ORDER BY "id" FOR UPDATE`,
        [userId],
      )) as Array<{ id: number; name: string; cover_image_url: string | null }>;
      // Every image the account stored, and the covers of the groups deleted with it: what no remaining group shows
      // goes once the account is gone.
      const uploads = (await tx.query(
        `SELECT "object_key" FROM "object_uploads" WHERE "user_id" = $1 AND "object_key" IS NOT NULL`,
        [userId],
      )) as Array<{ object_key: string }>;
      const images: Array<string | null> = uploads.map((u) => u.object_key);
      for (const group of owned) {
        // The longest-standing other member: earliest joined, the earlier membership row on a tie.
        const [heir] = (await tx.query(
          `SELECT "user_id" FROM "group_memberships" WHERE "group_id" = $1 AND "user_id" <> $2
            ORDER BY "joined_at" ASC, "id" ASC LIMIT 1`,
          [group.id, userId],
        )) as Array<{ user_id: string }>;
        if (!heir) {
          await tx.query(`DELETE FROM "groups" WHERE "id" = $1`, [group.id]);
          images.push(coverKeyOf(group.cover_image_url));
          result.deletedGroups.push(group.id);
          continue;
        }
        await tx.query(`UPDATE "groups" SET "owner_id" = $2, "updated_at" = now() WHERE "id" = $1`, [
          group.id,
          heir.user_id,
        ]);
        await tx.query(`UPDATE "group_memberships" SET "role" = 'owner' WHERE "group_id" = $1 AND "user_id" = $2`, [
          group.id,
          heir.user_id,
        ]);
        const text = NOTIFICATION_TEXTS.ownerChanged(firstNameOf({ firstName: user.first_name }), group.name);
        const [row] = (await tx.query(
          `INSERT INTO "notifications" ("user_id", "group_id", "kind", "text") VALUES ($1, $2, 'owner-changed', $3)
           RETURNING "id", "created_at"`,
          [heir.user_id, group.id, encryptText(text)],
        )) as Array<{ id: number; created_at: Date }>;
        result.handedOver.push({
          groupId: group.id,
          heirId: heir.user_id,
          notification: {
            id: row!.id,
            kind: "owner-changed",
            text,
            groupId: group.id,
            shareToken: null,
            createdAt: row!.created_at.toISOString(),
            readAt: null,
          },
        });
      }
      const memberships = (await tx.query(`SELECT "group_id" FROM "group_memberships" WHERE "user_id" = $1`, [
        userId,
      ])) as Array<{ group_id: number }>;
      result.leftGroups = memberships.map((m) => m.group_id);
      const shares = (await tx.query(
        `SELECT "share_token" FROM "shared_trips" WHERE "sharer_id" = $1 AND "is_active"`,
        [userId],
      )) as Array<{ share_token: string }>;
      result.endedShares = shares.map((s) => s.share_token);
      const voted = (await tx.query(`SELECT DISTINCT "proposal_id" FROM "trip_proposal_votes" WHERE "user_id" = $1`, [
        userId,
      ])) as Array<{ proposal_id: number }>;

      await endSessionsOf(tx, userId);
      // Invites that name the account's address, sent by anyone: the address is the account's personal data. (Invites
      // the account sent go with it by cascade; they hold other people's addresses, not this one.)
      if (user.email) {
        await tx.query(`DELETE FROM "group_invites" WHERE lower("email") = lower($1)`, [user.email]);
      }
      await tx.query(`DELETE FROM "users" WHERE "id" = $1`, [userId]);
      result.releasedObjects = await releaseObjects(tx, images);
      // The account's votes went with it: the yes counts of the proposals that remain follow.
      if (voted.length > 0) {
        await tx.query(
          `UPDATE "trip_proposals" p SET "votes" =
             (SELECT count(*) FROM "trip_proposal_votes" v WHERE v."proposal_id" = p."id" AND v."vote" = 'yes')
           WHERE p."id" = ANY($1)`,
          [voted.map((v) => v.proposal_id)],
        );
      }
      return result;
    });
    await this.removeObjects(outcome.releasedObjects);
    await this.announce(userId, outcome);
  }

  private async announce(userId: string, outcome: DeletionOutcome): Promise<void> {
    const safely = (what: string, work: () => Promise<unknown>) =>
      work().catch((err: unknown) => this.log.warn({ err, what }, "announcing an account deletion failed"));
    for (const groupId of outcome.deletedGroups) {
      const event: GroupDeletedEvent = { groupId };
      this.realtime.publish(rooms.group(groupId), "group:deleted", event);
      await safely("group room", () => this.realtime.evict(rooms.group(groupId)));
    }
    for (const groupId of outcome.leftGroups) {
      // Their messages went with the account: the members' open pages drop them at once.
      const event: MemberLeftEvent = { groupId, userId, accountDeleted: true };
      this.realtime.publish(rooms.group(groupId), "member:left", event);
      await safely("member eviction", () => this.realtime.evict(rooms.group(groupId), userId));
    }
    for (const handover of outcome.handedOver) {
      const group = await this.db.getRepository(Group).findOneBy({ id: handover.groupId });
      if (group) this.realtime.publish(rooms.group(group.id), "group:updated", presentGroup(group));
      this.realtime.publish(rooms.user(handover.heirId), "notification:created", handover.notification);
    }
    const ended: ShareEndedEvent = { reason: "stopped", endedAt: new Date().toISOString() };
    for (const token of outcome.endedShares) {
      this.realtime.publish(rooms.share(token), "share:ended", ended);
      await safely("share room", () => this.realtime.evict(rooms.share(token)));
    }
    await safely("sockets", async () => this.realtime.endUser?.(userId));
  }
}
