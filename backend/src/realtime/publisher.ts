import type { ServerEventName } from "@caravan/common";

/**
 * What services use to push: publish after the transaction commits; evict sockets from a room when access ends
 * (a member leaves, a group is deleted, a share ends). The Socket.IO implementation acts on every instance.
 */
export interface Realtime {
  publish(room: string, event: ServerEventName, payload: unknown): void;
  /** Removes from `room` every socket of `userId`, or every socket when no user is given, on all instances. */
  evict(room: string, userId?: string): Promise<void>;
}

/** Used until the Socket.IO server is attached (and by code that runs without one, such as scripts). */
export const detachedRealtime: Realtime = {
  publish() {},
  async evict() {},
};
