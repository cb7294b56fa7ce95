import type { DataSource } from "typeorm";
import { Access } from "../access/access.js";

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
export function roomRevalidator(db: DataSource, access = new Access(db)) {
  return async (room: string, sockets: RoomMember[]): Promise<void> => {
    if (sockets.length === 0) return;
    if (room.startsWith("group:")) {
      const groupId = Number(room.slice("group:".length));
      const members = await access.groupFollowers(groupId);
      for (const socket of sockets) {
        if (!socket.data.userId || !members.has(socket.data.userId)) socket.leave(room);
      }
    } else if (room.startsWith("share:")) {
      const shareToken = room.slice("share:".length);
      if (await access.followShare(shareToken)) for (const socket of sockets) socket.leave(room);
    }
  };
}
