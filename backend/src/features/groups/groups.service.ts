import type { DataSource } from "typeorm";
import {
  AVATAR_STACK_MAX,
  ERRORS,
  rooms,
  type GroupDeletedEvent,
  type Group as GroupView,
  type GroupMember as MemberView,
  type GroupStats,
  type GroupSummary,
  type MemberLeftEvent,
} from "@caravan/common";
import { Group, GroupMembership, type User } from "../../db/entities/index.js";
import { conflict, forbidden } from "../../http/errors.js";
import type { Realtime } from "../../realtime/publisher.js";
import type { CreateGroupDto, DestinationDto } from "./groups.dto.js";
import { presentCardMember, presentGroup, presentMember } from "./groups.presenter.js";

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

  /** Changes only the destination fields the body names; null clears one. */
  async updateDestination(group: Group, dto: DestinationDto): Promise<GroupView> {
    const changes = Object.fromEntries(Object.entries(destinationOf(dto)).filter(([, v]) => v !== undefined));
    if (Object.keys(changes).length === 0) return presentGroup(group);
    const repo = this.db.getRepository(Group);
    await repo.update({ id: group.id }, changes);
    const view = presentGroup(await repo.findOneByOrFail({ id: group.id }));
    this.announceUpdated(view);
    return view;
  }

  /** Tells the group's room the group changed; also used after another feature changes it (a finalized trip). */
  announceUpdated(group: GroupView | Group): void {
    const view = group instanceof Group ? presentGroup(group) : group;
    this.realtime.publish(rooms.group(view.id), "group:updated", view);
  }

  /** Memberships, locations, messages, invites, proposals and checklists go with it by foreign-key cascade. */
  async remove(groupId: number): Promise<void> {
    await this.db.getRepository(Group).delete({ id: groupId });
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
   * A member removes themself; nobody removes anyone else this way. The owner cannot leave: the group would be left
   * without anyone allowed to delete it. The member's location in the group goes with the membership (cascade).
   */
  async leave(group: Group, callerId: string, targetUserId: string): Promise<void> {
    if (targetUserId !== callerId) throw forbidden(ERRORS.leaveSelfOnly);
    if (group.ownerId === callerId) throw conflict(ERRORS.ownerCannotLeave);
    await this.db.getRepository(GroupMembership).delete({ groupId: group.id, userId: callerId });
    const event: MemberLeftEvent = { groupId: group.id, userId: callerId };
    this.realtime.publish(rooms.group(group.id), "member:left", event);
    await this.realtime.evict(rooms.group(group.id), callerId);
  }
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
