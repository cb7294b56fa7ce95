import { isLiveShare } from "../../access/access.js";
import type {
  SharedTrip as SharedTripView,
  SharedTripInfo,
  SharedTripLocation as SharedTripLocationView,
  SharedTripMessage as SharedTripMessageView,
} from "@caravan/common";
import { keyedDigest } from "../../db/crypto.js";
import type { SharedTrip, SharedTripLocation, SharedTripMessage, User } from "../../db/entities/index.js";

/** Whether the share is live: the rule lives in src/access. */
export const isLive = isLiveShare;

/** The sharer's own view of a share, with the link to hand out and who opened it. */
export function presentSharedTrip(
  trip: SharedTrip,
  shareUrl: string,
  now: Date,
  fedBy: string | null,
  audience: Pick<SharedTripView, "views" | "watchersNow" | "hasTrail" | "unreadMessages" | "lastMessage"> = {
    views: 0,
    watchersNow: 0,
    hasTrail: false,
    unreadMessages: 0,
    lastMessage: null,
  },
): SharedTripView {
  return {
    id: trip.id,
    shareToken: trip.shareToken,
    shareUrl,
    durationHours: trip.durationHours,
    expiresAt: trip.expiresAt.toISOString(),
    isActive: isLive(trip, now),
    fedBy: isLive(trip, now) ? fedBy : null,
    views: audience.views,
    watchersNow: isLive(trip, now) ? audience.watchersNow : 0,
    hasTrail: audience.hasTrail,
    unreadMessages: audience.unreadMessages,
    lastMessage: audience.lastMessage,
  };
}

/**
 * A per-share pseudonym of an author: keyed with the server's secret and the share's token, so it differs from share
 * to share, and a watcher who knows an account id (a group member may) cannot test it against a message.
 */
export function shareAuthorKey(shareToken: string, userId: string): string {
  return Buffer.from(keyedDigest("share-author", `${shareToken}\0${userId}`), "hex")
    .toString("base64url")
    .slice(0, 22);
}

/** What anyone holding the link sees: the share's state and the sharer's name and picture, no e-mail, no id. */
export function presentSharedTripInfo(
  trip: SharedTrip & { sharer: User },
  now: Date,
  viewerId: string | null,
): SharedTripInfo {
  return {
    viewerAuthorKey: viewerId ? shareAuthorKey(trip.shareToken, viewerId) : null,
    isActive: isLive(trip, now),
    expiresAt: trip.expiresAt.toISOString(),
    // stoppedAt is set only by the sharer's stop before the expiry; the sweep leaves it null.
    stopped: !isLive(trip, now) && trip.stoppedAt !== null,
    destination:
      trip.destinationName !== null && trip.destinationLatitude !== null && trip.destinationLongitude !== null
        ? { name: trip.destinationName, latitude: trip.destinationLatitude, longitude: trip.destinationLongitude }
        : null,
    sharer: {
      firstName: trip.sharer.firstName,
      lastName: trip.sharer.lastName,
      profileImageUrl: trip.sharer.profileImageUrl,
    },
  };
}

export function presentSharedTripLocation(l: SharedTripLocation): SharedTripLocationView {
  return {
    id: l.id,
    latitude: l.latitude,
    longitude: l.longitude,
    address: l.address,
    notes: l.notes,
    createdAt: l.createdAt.toISOString(),
    source: l.source === "app" ? "app" : "browser",
    accuracy: l.accuracy,
    speed: l.speed,
  };
}

/** Watchers may be anonymous: authors appear by name and per-share pseudonym only. */
export function presentSharedTripMessage(
  m: SharedTripMessage,
  author: User,
  trip: Pick<SharedTrip, "sharerId" | "shareToken">,
): SharedTripMessageView {
  return {
    id: m.id,
    content: m.content,
    messageType: m.messageType,
    createdAt: m.createdAt.toISOString(),
    authorKey: shareAuthorKey(trip.shareToken, m.userId),
    fromSharer: m.userId === trip.sharerId,
    user: { firstName: author.firstName, lastName: author.lastName },
  };
}
