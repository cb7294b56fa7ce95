import { MoreThan, type DataSource } from "typeorm";
import { GroupMembership, SharedTrip } from "../db/entities/index.js";

/** What revalidation needs of a socket: who it belongs to, and a way out of a room. */
export interface RoomMember {
  data: { userId: string | null };
  leave(room: string): unknown;
}

/**
 * Removes from a room the sockets that may no longer follow it: those of users who are not members of the group
 * any more, or every socket of a share that has ended. One query per room.
 *
 * Needed when an eviction may not have arrived: evict() reaches other instances through Redis, so while Redis is
 * away an instance keeps sockets of members who left through another instance. It checks before each push then,
 * and checks every room it holds once Redis is back.
 */
export function roomRevalidator(db: DataSource) {
  const memberships = db.getRepository(GroupMembership);
  const shares = db.getRepository(SharedTrip);
  return async (room: string, sockets: RoomMember[]): Promise<void> => {
    if (sockets.length === 0) return;
    if (room.startsWith("group:")) {
      const groupId = Number(room.slice("group:".length));
      const rows = await memberships.find({ select: { userId: true }, where: { groupId } });
      const members = new Set(rows.map((r) => r.userId));
      for (const socket of sockets) {
        if (!socket.data.userId || !members.has(socket.data.userId)) socket.leave(room);
      }
    } else if (room.startsWith("share:")) {
      const shareToken = room.slice("share:".length);
      const live = await shares.exists({ where: { shareToken, isActive: true, expiresAt: MoreThan(new Date()) } });
      if (!live) for (const socket of sockets) socket.leave(room);
    }
  };
}
