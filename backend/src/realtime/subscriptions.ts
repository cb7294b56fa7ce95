import type { DataSource } from "typeorm";
import { rooms, type SubscribeRequest } from "@caravan/common";
import { Access } from "../access/access.js";

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
 * Who may follow a room, as src/access says: a group's members follow its room; anyone holding the token of a live
 * share follows the share's room, signed in or not. Returns the refusal, or null when allowed.
 */
export function subscriptionPolicy(db: DataSource, access = new Access(db)) {
  return (userId: string | null, request: SubscribeRequest): Promise<string | null> =>
    "groupId" in request ? access.followGroup(userId, request.groupId) : access.followShare(request.shareToken);
}
