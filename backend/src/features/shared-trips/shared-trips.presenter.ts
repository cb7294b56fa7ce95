import type {
  SharedTrip as SharedTripView,
  SharedTripInfo,
  SharedTripLocation as SharedTripLocationView,
  SharedTripMessage as SharedTripMessageView,
} from "@caravan/common";
import type { SharedTrip, SharedTripLocation, SharedTripMessage, User } from "../../db/entities/index.js";

/** Live while not stopped and not yet expired; the stored flag alone lags expiry until the sweep runs. */
export const isLive = (trip: Pick<SharedTrip, "isActive" | "expiresAt">, now: Date): boolean =>
  trip.isActive && trip.expiresAt.getTime() > now.getTime();

/** The sharer's own view of a share, with the link to hand out. */
export function presentSharedTrip(trip: SharedTrip, shareUrl: string, now: Date): SharedTripView {
  return {
    id: trip.id,
    shareToken: trip.shareToken,
    shareUrl,
    durationHours: trip.durationHours,
    expiresAt: trip.expiresAt.toISOString(),
    isActive: isLive(trip, now),
  };
}

/** What anyone holding the link sees: the share's state and the sharer's name and picture, no e-mail, no id. */
export function presentSharedTripInfo(trip: SharedTrip & { sharer: User }, now: Date): SharedTripInfo {
  return {
    isActive: isLive(trip, now),
    expiresAt: trip.expiresAt.toISOString(),
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
  };
}

/** Watchers may be anonymous: authors appear by name only. */
export function presentSharedTripMessage(m: SharedTripMessage, author: User, sharerId: string): SharedTripMessageView {
  return {
    id: m.id,
    content: m.content,
    messageType: m.messageType,
    createdAt: m.createdAt.toISOString(),
    userId: m.userId,
    fromSharer: m.userId === sharerId,
    user: { firstName: author.firstName, lastName: author.lastName },
  };
}
