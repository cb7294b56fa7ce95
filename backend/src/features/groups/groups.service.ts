import type { DataSource } from "typeorm";
import {
  AVATAR_STACK_MAX,
  ERRORS,
  VALIDATION,
  rooms,
  type GroupDeletedEvent,
  type Group as GroupView,
  type GroupMember as MemberView,
  type GroupStats,
  type GroupSummary,
  type MemberLeftEvent,
} from "@caravan/common";
import { Group, GroupMembership, GroupRemoval, type User } from "../../db/entities/index.js";
import { badRequest, conflict, forbidden, notFound } from "../../http/errors.js";
import type { Realtime } from "../../realtime/publisher.js";
import type { NotificationsService } from "../notifications/notifications.service.js";
import { coverKeyOf, releaseObjects } from "../uploads/index.js";
import type { CreateGroupDto, DestinationDto, UpdateGroupDto } from "./groups.dto.js";
import { presentCardMember, presentGroup, presentMember } from "./groups.presenter.js";

/** User ids are UUIDs: anything else names nobody, and never reaches the database. */
const USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const RECENT_MESSAGES_WINDOW = "24 hours";

interface CardMemberRow {
  group_id: number;
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  member_count: string;
}

/**
 * Groups and their memberships. Routes check access (requireMember / requireOwner) before calling in, so the
 * methods here take the already-authorised group.
 */
export class GroupsService {
  constructor(
    private readonly db: DataSource,
    private readonly realtime: Realtime,
    private readonly notifications: NotificationsService,
    /** Removes released images from storage once their deletion has committed (UploadsService.removeObjects). */
    private readonly removeObjects: (keys: readonly string[]) => Promise<void>,
  ) {}

  /**
   * The caller's groups, newest first, each with its member count and first members (owner first): two queries
   * however many groups there are.
   */
  async listFor(userId: string): Promise<GroupSummary[]> {
    const groups = await this.db
      .getRepository(Group)
      .createQueryBuilder("g")
      .innerJoin(GroupMembership, "m", "m.groupId = g.id AND m.userId = :userId", { userId })
      .orderBy("g.createdAt", "DESC")
      .addOrderBy("g.id", "DESC")
      .getMany();
    if (groups.length === 0) return [];
    const rows: CardMemberRow[] = await this.db.query(
      `SELECT r.group_id, r.user_id, r.first_name, r.last_name, r.profile_image_url, r.member_count
         FROM (SELECT m.group_id, u.id AS user_id, u.first_name, u.last_name, u.profile_image_url,
                      row_number() OVER (PARTITION BY m.group_id ORDER BY (m.role = 'owner') DESC, m.joined_at, m.id) AS rn,
                      count(*) OVER (PARTITION BY m.group_id) AS member_count
                 FROM group_memberships m
                 JOIN users u ON u.id = m.user_id
                WHERE m.group_id = ANY($1::int[])) r
        WHERE r.rn <= $2
        ORDER BY r.group_id, r.rn`,
      [groups.map((g) => g.id), AVATAR_STACK_MAX],
    );
    const byGroup = new Map<number, CardMemberRow[]>();
    for (const row of rows) byGroup.set(row.group_id, [...(byGroup.get(row.group_id) ?? []), row]);
    return groups.map((g) => {
      const members = byGroup.get(g.id) ?? [];
      return {
        ...presentGroup(g),
        memberCount: Number(members[0]?.member_count ?? 0),
        members: members.map((r) =>
          presentCardMember({
            id: r.user_id,
            firstName: r.first_name,
            lastName: r.last_name,
            profileImageUrl: r.profile_image_url,
          }),
        ),
      };
    });
  }

  /** Dashboard figures: messages posted in any of the caller's groups during the last 24 hours. */
  async statsFor(userId: string): Promise<GroupStats> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS n
         FROM group_messages msg
         JOIN group_memberships m ON m.group_id = msg.group_id AND m.user_id = $1
        WHERE msg.created_at > now() - $2::interval`,
      [userId, RECENT_MESSAGES_WINDOW],
    )) as Array<{ n: number }>;
    return { recentMessages: row?.n ?? 0 };
  }

  /** The group and its owner's membership, together or not at all. */
  async create(owner: User, dto: CreateGroupDto): Promise<GroupView> {
    return this.db.transaction(async (tx) => {
      const group = await tx.getRepository(Group).save(
        tx.getRepository(Group).create({
          name: dto.name,
          description: dto.description ?? null,
          status: dto.status ?? "planning",
          startDate: dto.startDate ? new Date(dto.startDate) : null,
          endDate: dto.endDate ? new Date(dto.endDate) : null,
          coverImageUrl: dto.coverImageUrl ?? null,
          ...destinationOf(dto),
          ownerId: owner.id,
        }),
      );
      await tx.getRepository(GroupMembership).insert({ groupId: group.id, userId: owner.id, role: "owner" });
      return presentGroup(group);
    });
  }

  view(group: Group): GroupView {
    return presentGroup(group);
  }

  /**
   * Changes only the fields the body names; null clears a destination field, the description or a date. A
   * destination that really moves or is renamed starts everyone's arrival over and tells the other members. Routes
   * let only the owner send anything but the destination.
   */
  async update(group: Group, actor: User, dto: UpdateGroupDto): Promise<GroupView> {
    const changes: Partial<Group> = Object.fromEntries(
      Object.entries(destinationOf(dto)).filter(([k, v]) => v !== undefined && v !== group[k as keyof Group]),
    );
    const destinationMoved = DESTINATION_IDENTITY.some((k) => k in changes);
    Object.assign(changes, detailChanges(group, dto));
    if (dto.arrivalRadiusMeters != null && dto.arrivalRadiusMeters !== group.arrivalRadiusMeters)
      changes.arrivalRadiusMeters = dto.arrivalRadiusMeters;
    // One date sent alone is checked against the other as stored.
    const start = "startDate" in changes ? changes.startDate : group.startDate;
    const end = "endDate" in changes ? changes.endDate : group.endDate;
    if (("startDate" in changes || "endDate" in changes) && start && end && end < start)
      throw badRequest(VALIDATION.endBeforeStart, { endDate: VALIDATION.endBeforeStart });
    if (Object.keys(changes).length === 0) return presentGroup(group);
    const updated = await this.db.transaction(async (tx) => {
      await tx.update(Group, { id: group.id }, changes);
      if (destinationMoved)
        await tx.update(GroupMembership, { groupId: group.id }, { arrivedAt: null, arrivalArmed: true });
      return tx.findOneByOrFail(Group, { id: group.id });
    });
    const view = presentGroup(updated);
    this.announceUpdated(view);
    if (destinationMoved) {
      const cleared = updated.destinationLatitude === null && updated.destinationName === null;
      await this.notifications.destinationChanged(updated, actor, updated.destinationName, cleared);
    }
    return view;
  }

  /** Tells the group's room the group changed; also used after another feature changes it (a finalized trip). */
  announceUpdated(group: GroupView | Group): void {
    const view = group instanceof Group ? presentGroup(group) : group;
    this.realtime.publish(rooms.group(view.id), "group:updated", view);
  }

  /**
   * Memberships, locations, messages, invites, proposals and checklists go with it by foreign-key cascade. Its
   * uploaded cover goes too, unless another group shows the same image: the row in the transaction, the object after
   * the commit.
   */
  async remove(groupId: number): Promise<void> {
    const released = await this.db.transaction(async (tx) => {
      const deleted = (await tx.query(`DELETE FROM "groups" WHERE "id" = $1 RETURNING "cover_image_url"`, [
        groupId,
      ])) as [Array<{ cover_image_url: string | null }>, number];
      return releaseObjects(
        tx,
        deleted[0].map((g) => coverKeyOf(g.cover_image_url)),
      );
    });
    await this.removeObjects(released);
    const event: GroupDeletedEvent = { groupId };
    this.realtime.publish(rooms.group(groupId), "group:deleted", event);
    await this.realtime.evict(rooms.group(groupId));
  }

  /** Owner first, then in the order people joined. */
  async members(groupId: number): Promise<MemberView[]> {
    const memberships = await this.db
      .getRepository(GroupMembership)
      .createQueryBuilder("m")
      .innerJoinAndSelect("m.user", "u")
      .where("m.groupId = :groupId", { groupId })
      .orderBy("CASE WHEN m.role = 'owner' THEN 0 ELSE 1 END", "ASC")
      .addOrderBy("m.joinedAt", "ASC")
      .addOrderBy("m.id", "ASC")
      .getMany();
    return memberships.map((m) => presentMember(m as GroupMembership & { user: User }));
  }

  /**
   * DELETE /api/groups/{id}/members/{userId}: a member leaves, or the owner removes someone else. The owner cannot
   * leave or remove themself: the group would be left without anyone allowed to delete it. The member's location in
   * the group goes with the membership (cascade).
   */
  async leave(group: Group, callerId: string, targetUserId: string): Promise<void> {
    if (targetUserId !== callerId) {
      if (group.ownerId !== callerId) throw forbidden(ERRORS.leaveSelfOnly);
      return this.removeMember(group, targetUserId);
    }
    if (group.ownerId === callerId) throw conflict(ERRORS.ownerCannotLeave);
    await this.db.getRepository(GroupMembership).delete({ groupId: group.id, userId: callerId });
    await this.announceLeft(group, callerId, callerId);
  }

  /**
   * The owner removes a member. A removal is recorded, so that invites made before it (a link the member kept) do not
   * let them back in; only a newer invite does (docs/decisions/0010-invites-and-removal.md).
   */
  async removeMember(group: Group, userId: string): Promise<void> {
    if (!USER_ID.test(userId)) throw notFound(ERRORS.memberNotFound);
    await this.db.transaction(async (tx) => {
      const removed = await tx.getRepository(GroupMembership).delete({ groupId: group.id, userId });
      if (!removed.affected) throw notFound(ERRORS.memberNotFound);
      // The database's clock, like the invites' createdAt it is compared with.
      await tx
        .createQueryBuilder()
        .insert()
        .into(GroupRemoval)
        .values({ groupId: group.id, userId, removedAt: () => "now()" })
        .orUpdate(["removed_at"], ["group_id", "user_id"])
        .execute();
    });
    await this.announceLeft(group, userId, group.ownerId);
  }

  /**
   * Members hear of it first, then the leaver's sockets leave the room on every node; everyone but whoever did it
   * is notified.
   */
  private async announceLeft(group: Group, userId: string, actorId: string): Promise<void> {
    const event: MemberLeftEvent = { groupId: group.id, userId };
    this.realtime.publish(rooms.group(group.id), "member:left", event);
    await this.realtime.evict(rooms.group(group.id), userId);
    await this.notifications.memberLeft(group, userId, actorId);
  }
}

/** The fields whose change makes it a different destination (an address or place id edit alone does not). */
const DESTINATION_IDENTITY = ["destinationName", "destinationLatitude", "destinationLongitude"] as const;

/** The owner's fields of a PATCH that differ from what is stored: name, description, status and dates. */
function detailChanges(group: Group, dto: UpdateGroupDto): Partial<Group> {
  const changes: Partial<Group> = {};
  if (dto.name !== undefined && dto.name !== group.name) changes.name = dto.name;
  if (dto.description !== undefined && dto.description !== group.description) changes.description = dto.description;
  if (dto.status !== undefined && dto.status !== group.status) changes.status = dto.status;
  for (const field of ["startDate", "endDate"] as const) {
    const sent = dto[field];
    if (sent === undefined) continue;
    const date = sent === null ? null : new Date(sent);
    if (date?.getTime() !== group[field]?.getTime()) changes[field] = date;
  }
  return changes;
}

function destinationOf(dto: DestinationDto) {
  return {
    destinationName: dto.destinationName,
    destinationAddress: dto.destinationAddress,
    destinationLatitude: dto.destinationLatitude,
    destinationLongitude: dto.destinationLongitude,
    destinationPlaceId: dto.destinationPlaceId,
  };
}
