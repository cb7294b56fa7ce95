import type { ServerEventName, ServerEventPayloads } from "@caravan/common";

/**
 * What services use to push: publish after the transaction commits; evict sockets from a room when access ends
 * (a member leaves, a group is deleted, a share ends). The Socket.IO implementation acts on every instance.
 * Neither call throws when the cross-instance fan-out is down: the write has committed, and clients catch up by
 * refetching when they reconnect or are told to resync.
 */
export interface Realtime {
  publish<E extends ServerEventName>(
    room: string,
    event: E,
    payload: ServerEventPayloads[E],
    options?: PublishOptions,
  ): void;
  /** Removes from `room` every socket of `userId`, or every socket when no user is given, on all instances. */
  evict(room: string, userId?: string): Promise<void>;
  /** Disconnects, on every instance, the sockets opened with this (now ended) session. */
  endSession?(sessionId: string): Promise<void>;
  /** Disconnects, on every instance, every socket signed in as this user (whose sessions have all ended). */
  endUser?(userId: string): Promise<void>;
  /**
   * How many sockets follow `room` now over every instance, those signed in as `exceptUserId` not counted (a sharer
   * watching their own link). Answers from this instance alone when the others cannot be asked.
   */
  watchers?(room: string, exceptUserId: string): Promise<number>;
  /** Whether events reach the other instances; absent when there are none to reach (no Redis configured). */
  fanoutReady?(): Promise<boolean>;
  /** Whether the fan-out is up now, without asking Redis (for /readyz and metrics); absent without Redis. */
  fanoutUp?(): boolean;
}

export interface PublishOptions {
  /**
   * To this instance's sockets only: the other instances hear of the change another way and push it to theirs
   * themselves (a stored location, carried by the location bus: features/locations/location-bus.ts).
   */
  localOnly?: boolean;
}

/** Used until the Socket.IO server is attached (and by code that runs without one, such as scripts). */
export const detachedRealtime: Realtime = {
  publish() {},
  async evict() {},
};
