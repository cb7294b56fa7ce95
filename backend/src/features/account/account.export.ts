import { In, type DataSource } from "typeorm";
import { ACCOUNT_TEXTS } from "@caravan/common";
import { isLiveShare } from "../../access/access.js";
import {
  ChecklistItem,
  Group,
  GroupChecklist,
  GroupMembership,
  GroupMessage,
  Notification,
  SharedTrip,
  SharedTripLocation,
  SharedTripMessage,
  Tracker,
  TrackerGroupSharing,
  TripProposal,
  TripProposalVote,
  User,
  UserLocation,
} from "../../db/entities/index.js";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Everything stored about one person, for GET /api/auth/export. Each section is whitelisted field by field: the
 * caller's own rows only, decrypted; never another person's messages, e-mail or id, never a password hash, a tracker
 * token (only its hash is stored anyway) or a live share's token.
 */
export async function buildExport(db: DataSource, userId: string, shareUrl: (token: string) => string) {
  const user = await db.getRepository(User).findOneByOrFail({ id: userId });
  const [hasPassword] = (await db.query(`SELECT "hashed_password" IS NOT NULL AS "has" FROM "users" WHERE "id" = $1`, [
    userId,
  ])) as Array<{ has: boolean }>;
  const memberships = await db
    .getRepository(GroupMembership)
    .find({ where: { userId }, order: { joinedAt: "ASC", id: "ASC" } });
  const groupIds = memberships.map((m) => m.groupId);
  const [groups, messages, locations, shares, shareMessages, checklists, proposals, votes, trackers, trackerSharing] =
    await Promise.all([
      db.getRepository(Group).find({ where: { id: In(groupIds) }, order: { id: "ASC" } }),
      db.getRepository(GroupMessage).find({ where: { userId }, order: { id: "ASC" } }),
      db.getRepository(UserLocation).find({ where: { userId }, order: { id: "ASC" } }),
      db.getRepository(SharedTrip).find({ where: { sharerId: userId }, order: { id: "ASC" } }),
      db.getRepository(SharedTripMessage).find({ where: { userId }, order: { id: "ASC" } }),
      db.getRepository(GroupChecklist).find({ where: { createdBy: userId }, order: { id: "ASC" } }),
      db.getRepository(TripProposal).find({ where: { proposedBy: userId }, order: { id: "ASC" } }),
      db.getRepository(TripProposalVote).find({ where: { userId }, order: { id: "ASC" } }),
      db.getRepository(Tracker).find({ where: { userId }, order: { id: "ASC" } }),
      db.getRepository(TrackerGroupSharing).find({ where: { userId }, order: { id: "ASC" } }),
    ]);
  const [trail, items, notifications, views] = await Promise.all([
    db.getRepository(SharedTripLocation).find({
      where: { sharedTripId: In(shares.map((s) => s.id)) },
      order: { createdAt: "ASC", id: "ASC" },
    }),
    db.getRepository(ChecklistItem).find({
      where: { checklistId: In(checklists.map((c) => c.id)) },
      order: { id: "ASC" },
    }),
    db.getRepository(Notification).find({ where: { userId }, order: { createdAt: "ASC", id: "ASC" } }),
    shares.length === 0
      ? Promise.resolve([] as Array<{ tripId: number; n: number }>)
      : (db.query(
          `SELECT "shared_trip_id" AS "tripId", count(*)::int AS "n" FROM "shared_trip_views"
            WHERE "shared_trip_id" = ANY($1) GROUP BY "shared_trip_id"`,
          [shares.map((s) => s.id)],
        ) as Promise<Array<{ tripId: number; n: number }>>),
  ]);
  const viewsOf = new Map(views.map((v) => [v.tripId, v.n]));
  const now = new Date();

  return {
    exportedAt: new Date().toISOString(),
    note: ACCOUNT_TEXTS.exportNote,
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
      provider: user.provider,
      language: user.language,
      hasPassword: hasPassword?.has ?? false,
      emailVerifiedAt: iso(user.emailVerifiedAt),
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
    },
    groups: groups.map((g) => ({
      id: g.id,
      name: g.name,
      description: g.description,
      coverImageUrl: g.coverImageUrl,
      status: g.status,
      startDate: iso(g.startDate),
      endDate: iso(g.endDate),
      destinationName: g.destinationName,
      destinationAddress: g.destinationAddress,
      destinationLatitude: g.destinationLatitude,
      destinationLongitude: g.destinationLongitude,
      arrivalRadiusMeters: g.arrivalRadiusMeters,
      youOwnIt: g.ownerId === userId,
      createdAt: iso(g.createdAt),
    })),
    memberships: memberships.map((m) => ({
      groupId: m.groupId,
      role: m.role,
      joinedAt: iso(m.joinedAt),
      arrivedAt: iso(m.arrivedAt),
      trackerAppsShareLocation: trackerSharing.some((t) => t.groupId === m.groupId),
    })),
    messages: messages.map((m) => ({
      id: m.id,
      groupId: m.groupId,
      content: m.content,
      messageType: m.messageType,
      createdAt: iso(m.createdAt),
    })),
    locations: locations.map((l) => ({
      id: l.id,
      groupId: l.groupId,
      latitude: l.latitude,
      longitude: l.longitude,
      address: l.address,
      notes: l.notes,
      isActive: l.isActive,
      createdAt: iso(l.createdAt),
    })),
    sharedTrips: shares.map((s) => {
      const live = isLiveShare(s, now);
      return {
        id: s.id,
        // An ended link opens nothing any more; a live one is still the key to the location, and this file may travel.
        shareUrl: live ? null : shareUrl(s.shareToken),
        durationHours: s.durationHours,
        createdAt: iso(s.createdAt),
        expiresAt: iso(s.expiresAt),
        stoppedAt: iso(s.stoppedAt),
        isActive: live,
        destinationName: s.destinationName,
        destinationLatitude: s.destinationLatitude,
        destinationLongitude: s.destinationLongitude,
        views: viewsOf.get(s.id) ?? 0,
        trail: trail
          .filter((p) => p.sharedTripId === s.id)
          .map((p) => ({
            latitude: p.latitude,
            longitude: p.longitude,
            address: p.address,
            notes: p.notes,
            source: p.source,
            accuracy: p.accuracy,
            speed: p.speed,
            createdAt: iso(p.createdAt),
          })),
      };
    }),
    sharedTripMessages: shareMessages.map((m) => ({
      id: m.id,
      sharedTripId: m.sharedTripId,
      content: m.content,
      messageType: m.messageType,
      createdAt: iso(m.createdAt),
    })),
    checklists: checklists.map((c) => ({
      id: c.id,
      groupId: c.groupId,
      title: c.title,
      description: c.description,
      createdAt: iso(c.createdAt),
      updatedAt: iso(c.updatedAt),
      items: items
        .filter((i) => i.checklistId === c.id)
        .map((i) => ({
          id: i.id,
          text: i.text,
          completed: i.completed,
          completedByYou: i.completedBy === userId,
          completedAt: iso(i.completedAt),
          createdAt: iso(i.createdAt),
        })),
    })),
    proposals: proposals.map((p) => ({
      id: p.id,
      groupId: p.groupId,
      destinationName: p.destinationName,
      destinationAddress: p.destinationAddress,
      destinationLatitude: p.destinationLatitude,
      destinationLongitude: p.destinationLongitude,
      startDate: iso(p.startDate),
      endDate: iso(p.endDate),
      durationHours: p.durationHours,
      status: p.status,
      yesVotes: p.votes,
      createdAt: iso(p.createdAt),
    })),
    votes: votes.map((v) => ({ proposalId: v.proposalId, vote: v.vote, createdAt: iso(v.createdAt) })),
    trackers: trackers.map((t) => ({
      id: t.id,
      name: t.name,
      createdAt: iso(t.createdAt),
      lastSeenAt: iso(t.lastSeenAt),
      lastPointAt: iso(t.lastPointAt),
      lastBattery: t.lastBattery,
      lastAccuracy: t.lastAccuracy,
    })),
    notifications: notifications.map((n) => ({
      id: n.id,
      kind: n.kind,
      text: n.text,
      groupId: n.groupId,
      readAt: iso(n.readAt),
      createdAt: iso(n.createdAt),
    })),
  };
}

export type AccountExport = Awaited<ReturnType<typeof buildExport>>;
