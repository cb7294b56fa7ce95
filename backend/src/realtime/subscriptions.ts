import { MoreThan, type DataSource } from "typeorm";
import { rooms, SUBSCRIBE_ERRORS, type SubscribeRequest } from "@caravan/common";
import { GroupMembership, SharedTrip } from "../db/entities/index.js";

const MAX_ID = 2_147_483_647;
const SHARE_TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * A subscribe or unsubscribe payload as the client may send it, or null. Exactly one of `groupId` (a positive
 * integer id) or `shareToken` (a URL-safe token); the room name is always derived here, never taken from the client.
 */
export function parseSubscribeRequest(raw: unknown): SubscribeRequest | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const keys = Object.keys(raw);
  if (keys.length !== 1) return null;
  const { groupId, shareToken } = raw as Record<string, unknown>;
  if (keys[0] === "groupId") {
    return typeof groupId === "number" && Number.isInteger(groupId) && groupId > 0 && groupId <= MAX_ID
      ? { groupId }
      : null;
  }
  if (keys[0] === "shareToken") {
    return typeof shareToken === "string" && SHARE_TOKEN.test(shareToken) ? { shareToken } : null;
  }
  return null;
}

export const roomOf = (request: SubscribeRequest): string =>
  "groupId" in request ? rooms.group(request.groupId) : rooms.share(request.shareToken);

/**
 * Who may follow a room: a group's members follow its room; anyone holding the token of a live share (active and
 * not yet expired) follows the share's room, signed in or not. Returns the refusal, or null when allowed.
 */
export function subscriptionPolicy(db: DataSource) {
  const memberships = db.getRepository(GroupMembership);
  const shares = db.getRepository(SharedTrip);
  return async (userId: string | null, request: SubscribeRequest): Promise<string | null> => {
    if ("groupId" in request) {
      if (!userId) return SUBSCRIBE_ERRORS.signInRequired;
      const member = await memberships.exists({ where: { groupId: request.groupId, userId } });
      return member ? null : SUBSCRIBE_ERRORS.notMember;
    }
    const live = await shares.exists({
      where: { shareToken: request.shareToken, isActive: true, expiresAt: MoreThan(new Date()) },
    });
    return live ? null : SUBSCRIBE_ERRORS.shareUnavailable;
  };
}
