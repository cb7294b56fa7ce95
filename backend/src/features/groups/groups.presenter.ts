import type { GroupCardMember, GroupMember as MemberView, GroupStatus, Group as GroupView } from "@caravan/common";
import type { Group, GroupMembership, User } from "../../db/entities/index.js";
import { presentPublicUser } from "../auth/user.presenter.js";

export function presentGroup(g: Group): GroupView {
  return {
    id: g.id,
    name: g.name,
    description: g.description,
    coverImageUrl: g.coverImageUrl,
    ownerId: g.ownerId,
    status: g.status as GroupStatus,
    startDate: g.startDate?.toISOString() ?? null,
    endDate: g.endDate?.toISOString() ?? null,
    destinationName: g.destinationName,
    destinationAddress: g.destinationAddress,
    destinationLatitude: g.destinationLatitude,
    destinationLongitude: g.destinationLongitude,
    destinationPlaceId: g.destinationPlaceId,
    arrivalRadiusMeters: g.arrivalRadiusMeters,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
  };
}

/** A fellow member, e-mail included: only members of the group can read its member list. */
export function presentMember(m: GroupMembership & { user: User }): MemberView {
  return {
    userId: m.userId,
    role: m.role,
    joinedAt: m.joinedAt.toISOString(),
    arrivedAt: m.arrivedAt?.toISOString() ?? null,
    user: presentPublicUser(m.user),
  };
}

export function presentCardMember(u: Pick<User, "id" | "firstName" | "lastName" | "profileImageUrl">): GroupCardMember {
  return { userId: u.id, firstName: u.firstName, lastName: u.lastName, profileImageUrl: u.profileImageUrl };
}
