import { MoreThan, type DataSource } from "typeorm";
import { ERRORS, SHARE_TEXTS, SUBSCRIBE_ERRORS } from "@caravan/common";
import {
  ChecklistItem,
  Group,
  GroupChecklist,
  GroupMembership,
  type ObjectUpload,
  SharedTrip,
  TripProposal,
} from "../db/entities/index.js";
import { preparedQuery } from "../db/prepared.js";
import { denied, notFound } from "./errors.js";
import type { Grants } from "./grants.js";

/**
 * Who may do what, written once (docs/decisions/0011-access-rules.md). HTTP guards and socket subscriptions both ask
 * here; services receive what was already allowed.
 *
 * - A group: its members; some actions its owner only. No such group: 404; not a member: 403 (the product's two views).
 * - A checklist, item or proposal, reached by its own id: the members of its group. Missing and belonging to a group
 *   the caller is not in answer alike (404), so a failed check never says whether the thing exists.
 * - A share, by token: whoever holds the token, while the share is live. By id (stopping it): its sharer only; anyone
 *   else gets the same 404 as for a missing share.
 * - An upload URL: the account it was made for; anyone else 403 (the URL is unguessable, so a holder who is not its
 *   owner learns nothing from the answer). A group cover may only be an image its setter uploaded.
 */

export interface GroupAccess {
  group: Group;
  membership: GroupMembership;
  isOwner: boolean;
}

/** A share is live while active and not yet expired: the one definition, as a where clause and as a test. */
export const liveShareWhere = (now: Date) => ({ isActive: true, expiresAt: MoreThan(now) });
export const isLiveShare = (trip: Pick<SharedTrip, "isActive" | "expiresAt">, now: Date): boolean =>
  trip.isActive && trip.expiresAt.getTime() > now.getTime();

/** Owner-only actions (delete, finalize, invite management, removing members): 403 for other members. */
export function assertOwner(access: GroupAccess): GroupAccess {
  if (!access.isOwner) throw denied(ERRORS.ownerOnly);
  return access;
}

/** An upload URL is spent only by the account it was made for. */
export function assertOwnUpload(upload: Pick<ObjectUpload, "userId">, userId: string): void {
  if (upload.userId !== userId) throw denied(ERRORS.uploadNotYours);
}

export class Access {
  constructor(
    private readonly db: DataSource,
    private readonly now: () => Date = () => new Date(),
    private readonly grants: Grants | null = null,
  ) {}

  /** The user's access to a group: 404 when there is none, 403 when they are not a member. */
  async group(userId: string, groupId: number): Promise<GroupAccess> {
    const [group, membership] = await Promise.all([
      this.db.getRepository(Group).findOneBy({ id: groupId }),
      this.db.getRepository(GroupMembership).findOneBy({ groupId, userId }),
    ]);
    if (!group) throw notFound(ERRORS.groupNotFound);
    if (!membership) throw denied(ERRORS.notGroupMember);
    return { group, membership, isOwner: group.ownerId === userId };
  }

  /**
   * The same decision as group() where only membership matters (the location calls): a recent yes is reused until
   * a revocation ends it; otherwise one prepared statement asks for the membership (its row exists only while the
   * group does), and only a no asks group(), which tells 404 from 403.
   */
  async member(userId: string, groupId: number): Promise<void> {
    if (this.grants?.isMember(userId, groupId)) return;
    const mark = this.grants?.mark ?? 0;
    const [row] = await preparedQuery<{ member: boolean }>(
      this.db,
      "caravan_is_member",
      `SELECT EXISTS (SELECT 1 FROM "group_memberships" WHERE "group_id" = $1 AND "user_id" = $2) AS "member"`,
      [groupId, userId],
    );
    if (!row?.member) {
      await this.group(userId, groupId);
      // A membership that appeared between the two reads: group() found it, and the call goes on as a member's.
    }
    this.grants?.keepMember(userId, groupId, mark);
  }

  /**
   * Runs a call whose own statement admits members only (the location write: its membership check and upsert are
   * one statement), without asking about the membership first. A call that succeeded was a member's, and that is
   * kept as a grant; one that failed, for whatever reason, then asks member(), so that a stranger is answered 404 or
   * 403 as if asked first, and learns nothing from how their input was judged.
   */
  async asMember<T>(userId: string, groupId: number, call: () => Promise<T>): Promise<T> {
    const mark = this.grants?.mark ?? 0;
    let result: T;
    try {
      result = await call();
    } catch (err) {
      await this.member(userId, groupId);
      throw err;
    }
    this.grants?.keepMember(userId, groupId, mark);
    return result;
  }

  /** A checklist of one of the user's groups, or 404. */
  async checklist(userId: string, checklistId: number): Promise<GroupAccess & { checklistId: number }> {
    const row = await this.db
      .getRepository(GroupChecklist)
      .createQueryBuilder("c")
      .innerJoin(GroupMembership, "m", "m.group_id = c.group_id AND m.user_id = :userId", { userId })
      .select("c.group_id", "group_id")
      .where("c.id = :checklistId", { checklistId })
      .getRawOne<{ group_id: number }>();
    if (!row) throw notFound(ERRORS.checklistNotFound);
    return { ...(await this.group(userId, row.group_id)), checklistId };
  }

  /** A checklist item of one of the user's groups, with its checklist, or 404. */
  async item(userId: string, itemId: number): Promise<GroupAccess & { checklistId: number; itemId: number }> {
    const row = await this.db
      .getRepository(ChecklistItem)
      .createQueryBuilder("i")
      .innerJoin(GroupChecklist, "c", "c.id = i.checklist_id")
      .innerJoin(GroupMembership, "m", "m.group_id = c.group_id AND m.user_id = :userId", { userId })
      .select(["i.checklist_id AS checklist_id", "c.group_id AS group_id"])
      .where("i.id = :itemId", { itemId })
      .getRawOne<{ checklist_id: number; group_id: number }>();
    if (!row) throw notFound(ERRORS.itemNotFound);
    return { ...(await this.group(userId, row.group_id)), checklistId: row.checklist_id, itemId };
  }

  /** A proposal of one of the user's groups, or 404. */
  async proposal(userId: string, proposalId: number): Promise<GroupAccess & { proposalId: number }> {
    const row = await this.db
      .getRepository(TripProposal)
      .createQueryBuilder("p")
      .innerJoin(GroupMembership, "m", "m.group_id = p.group_id AND m.user_id = :userId", { userId })
      .select("p.group_id", "group_id")
      .where("p.id = :proposalId", { proposalId })
      .getRawOne<{ group_id: number }>();
    if (!row) throw notFound(ERRORS.proposalNotFound);
    return { ...(await this.group(userId, row.group_id)), proposalId };
  }

  /** The user's own share, by id; another person's share answers as a missing one. */
  async ownShare(userId: string, shareId: number): Promise<SharedTrip> {
    const trip = await this.db.getRepository(SharedTrip).findOneBy({ id: shareId, sharerId: userId });
    if (!trip) throw notFound(SHARE_TEXTS.notFound);
    return trip;
  }

  /** Whether a socket of this user (null: signed out) may follow the group's room; the refusal, or null. */
  async followGroup(userId: string | null, groupId: number): Promise<string | null> {
    if (!userId) return SUBSCRIBE_ERRORS.signInRequired;
    const member = await this.db.getRepository(GroupMembership).exists({ where: { groupId, userId } });
    return member ? null : SUBSCRIBE_ERRORS.notMember;
  }

  /** Whether anyone holding this token may follow the share's room: while it is live. */
  async followShare(shareToken: string): Promise<string | null> {
    const live = await this.db
      .getRepository(SharedTrip)
      .exists({ where: { shareToken, ...liveShareWhere(this.now()) } });
    return live ? null : SUBSCRIBE_ERRORS.shareUnavailable;
  }

  /** The users who may follow a group's room now, in one query (for dropping the sockets of those who left). */
  async groupFollowers(groupId: number): Promise<Set<string>> {
    const rows = await this.db.getRepository(GroupMembership).find({ select: { userId: true }, where: { groupId } });
    return new Set(rows.map((r) => r.userId));
  }
}
