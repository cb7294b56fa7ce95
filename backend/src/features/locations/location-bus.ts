import type { GroupLocation } from "@caravan/common";

/** Groups named in one message between instances at most. */
export const MAX_GROUPS_PER_CHANGE = 1_000;
/** Stored locations carried by one message between instances at most. */
export const MAX_LOCATIONS_PER_CHANGE = 500;

/**
 * Groups whose locations changed. A group with some of `locations` had those stored (committed); any other group
 * named lost a location (a member stopped sharing), so what is cached of it is stale.
 */
export interface LocationChange {
  groupIds: number[];
  locations?: GroupLocation[];
}

/** A change as it travels between instances (the `kind` lets a node of an earlier release recognise it). */
type LocationMessage = LocationChange & { kind: "locations" };

/** A pub/sub channel to the other instances (RealtimeServer.channel): sends a value, JSON-encoded, to all but this one. */
export type Send = (value: unknown) => void;

/**
 * The path of a stored location to everyone who shows it: a batch of writes is stored, each change is applied here
 * at once (the cached group reads take it in: location-reads.ts), and the changes of one run of the microtask queue
 * go to the other instances in one message on a Redis pub/sub channel of their own. There they are applied the same
 * way and pushed to that instance's sockets in the group's room; the writer pushes to its own sockets only
 * (`reachesOthers`). A batch of location writes resolves in one run of the microtask queue, so its groups cost one
 * message, not one per write, and the message leaves before any other callback runs, so it keeps its place among
 * the events this instance sends on the same Redis connection.
 */
export class LocationBus {
  private readonly listeners: Array<(change: LocationChange) => void> = [];
  private send: Send | null = null;
  private pushHere: (location: GroupLocation) => void = () => {};
  /**
   * The changed groups not sent yet: the locations stored in each, or null for a group that lost one. A group that
   * lost one goes as lost even if others were stored in it in the same run (the others then drop what they cache
   * of it and push none of those): a removal and a batch of writes are answered in callbacks of their own.
   */
  private unsent: Map<number, GroupLocation[] | null> | null = null;

  /**
   * Joins the other instances through `send` (there are none to join without Redis); `pushHere` sends a location
   * stored on another instance to this instance's sockets in its group's room.
   */
  connect(send: Send, pushHere: (location: GroupLocation) => void): void {
    this.send = send;
    this.pushHere = pushHere;
  }

  /** Whether the other instances hear of each stored location from here, and push it to their sockets themselves. */
  get reachesOthers(): boolean {
    return this.send !== null;
  }

  onChange(listener: (change: LocationChange) => void): void {
    this.listeners.push(listener);
  }

  /** A change made here: applied here now, sent to the other instances at the end of this run of microtasks. */
  publish(change: LocationChange): void {
    this.deliver(change);
    if (this.send) this.sendSoon(change);
  }

  /** A message from another instance: applied here and its stored locations pushed to the sockets here. */
  receive(message: unknown): void {
    if (!isLocationMessage(message)) return;
    this.deliver(message);
    for (const location of message.locations ?? []) this.pushHere(location);
  }

  private deliver(change: LocationChange): void {
    for (const listener of this.listeners) listener(change);
  }

  private sendSoon(change: LocationChange): void {
    let unsent = this.unsent;
    if (!unsent) {
      const turn = new Map<number, GroupLocation[] | null>();
      unsent = this.unsent = turn;
      queueMicrotask(() => {
        this.unsent = null;
        for (const message of messagesOf(turn)) this.send?.(message);
      });
    }
    for (const groupId of change.groupIds) {
      const stored = change.locations?.filter((l) => l.groupId === groupId);
      if (!stored?.length) unsent.set(groupId, null);
      else if (unsent.get(groupId) !== null) unsent.set(groupId, [...(unsent.get(groupId) ?? []), ...stored]);
    }
  }
}

/** Whether a message from another instance is a well-formed change (it arrives from Redis). */
export function isLocationMessage(value: unknown): value is LocationMessage {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    r.kind === "locations" &&
    Array.isArray(r.groupIds) &&
    r.groupIds.length <= MAX_GROUPS_PER_CHANGE &&
    r.groupIds.every((id) => Number.isSafeInteger(id)) &&
    (r.locations === undefined ||
      (Array.isArray(r.locations) &&
        r.locations.length <= MAX_LOCATIONS_PER_CHANGE &&
        r.locations.every((l) => isStoredLocation(l, r.groupIds as number[]))))
  );
}

/** A stored location as a message carries it: of a group the message names, with what placing it needs. */
function isStoredLocation(value: unknown, groupIds: number[]): boolean {
  if (typeof value !== "object" || value === null) return false;
  const l = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(l.id) &&
    groupIds.includes(l.groupId as number) &&
    typeof l.userId === "string" &&
    typeof l.createdAt === "string" &&
    typeof l.user === "object" &&
    l.user !== null
  );
}

/**
 * A turn's changed groups as messages within the limits. Each group goes with the locations stored in it, or with
 * none when it lost one; a group with more stored than one message holds goes in parts, each a change of its own.
 */
function messagesOf(changed: Map<number, GroupLocation[] | null>): LocationMessage[] {
  const messages: LocationMessage[] = [];
  let groupIds: number[] = [];
  let locations: GroupLocation[] = [];
  const send = () => {
    messages.push(locations.length ? { kind: "locations", groupIds, locations } : { kind: "locations", groupIds });
    groupIds = [];
    locations = [];
  };
  const add = (groupId: number, stored: GroupLocation[]) => {
    const full =
      groupIds.length >= MAX_GROUPS_PER_CHANGE || locations.length + stored.length > MAX_LOCATIONS_PER_CHANGE;
    if (full) send();
    groupIds.push(groupId);
    locations.push(...stored);
  };
  for (const [groupId, stored] of changed) {
    if (stored === null) add(groupId, []);
    else
      for (let i = 0; i < stored.length; i += MAX_LOCATIONS_PER_CHANGE) {
        add(groupId, stored.slice(i, i + MAX_LOCATIONS_PER_CHANGE));
      }
  }
  if (groupIds.length) send();
  return messages;
}
