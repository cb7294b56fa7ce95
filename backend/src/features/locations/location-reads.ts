import { LRUCache } from "lru-cache";
import type { GroupLocation } from "@caravan/common";
import type { Grants } from "../../access/grants.js";
import { LocationBus, type LocationChange } from "./location-bus.js";

/** How long a group's locations, as last read, answer the next reads (a profile edit shows after this at most). */
export const LOCATION_READ_TTL_MS = 1_000;
const MAX_GROUPS = 20_000;

interface Cached {
  locations: GroupLocation[];
  /** The answer, made again from `locations` only when a change was taken in since the last read. */
  json: string | null;
  at: number;
}

/**
 * The group read, cached for a second: members whose socket is down all poll the same group every few seconds,
 * while the others keep posting. A stored location is taken into the cached read, here and on the other instances
 * (through the location bus), so that the reads between two writes of a busy group cost no query; a removed
 * location, and every end of a membership (its location goes with it; told by the access grants), drops the cached
 * read instead. What the second can still hide is a profile edit (a new name or picture).
 */
export class LocationReads {
  private readonly cached = new LRUCache<number, Cached>({ max: MAX_GROUPS });
  /** Changes per group: a read that started before a change is not cached. */
  private readonly changes = new LRUCache<number, number>({ max: MAX_GROUPS });

  /**
   * `bus`: the location changes made here and on the other instances; `grants`: the ends of memberships, and its
   * reset after an outage in which changes from other instances may have been lost.
   */
  constructor(
    private readonly bus: LocationBus = new LocationBus(),
    grants: Grants | null = null,
  ) {
    bus.onChange((change) => this.apply(change));
    grants?.onRevoke((revocation) => {
      if (revocation === null) {
        this.cached.clear();
        this.changes.clear();
      } else if (revocation.kind === "membership") {
        this.drop(revocation.groupId);
      }
    });
  }

  async read(groupId: number, load: () => Promise<GroupLocation[]>): Promise<string> {
    const cached = this.cached.get(groupId);
    if (cached && Date.now() - cached.at < LOCATION_READ_TTL_MS)
      return (cached.json ??= JSON.stringify(cached.locations));
    const before = this.changes.get(groupId) ?? 0;
    const startedAt = Date.now();
    const locations = await load();
    const json = JSON.stringify(locations);
    if ((this.changes.get(groupId) ?? 0) === before) this.cached.set(groupId, { locations, json, at: startedAt });
    return json;
  }

  /** A location was stored (committed): the cached reads here and on every instance take it in. */
  stored(location: GroupLocation): void {
    this.bus.publish({ groupIds: [location.groupId], locations: [location] });
  }

  /** A location of the group was removed: the cached read is dropped, here and on every instance. */
  removed(groupId: number): void {
    this.bus.publish({ groupIds: [groupId] });
  }

  private apply(change: LocationChange): void {
    const stored = new Map<number, GroupLocation[]>();
    for (const location of change.locations ?? []) {
      const list = stored.get(location.groupId);
      if (list) list.push(location);
      else stored.set(location.groupId, [location]);
    }
    for (const groupId of change.groupIds) {
      const locations = stored.get(groupId);
      if (locations) this.takeIn(groupId, locations);
      else this.drop(groupId);
    }
  }

  private bump(groupId: number): void {
    this.changes.set(groupId, (this.changes.get(groupId) ?? 0) + 1);
  }

  private drop(groupId: number): void {
    this.cached.delete(groupId);
    this.bump(groupId);
  }

  /**
   * Each member's location replaces the one cached for them, unless the cached one is newer (it was read after a later
   * write of theirs, whose news is still on its way); a member's first location goes in the order the read gives
   * (by id).
   */
  private takeIn(groupId: number, locations: GroupLocation[]): void {
    this.bump(groupId);
    const cached = this.cached.get(groupId);
    if (!cached) return;
    const list = [...cached.locations];
    for (const location of locations) {
      const at = list.findIndex((l) => l.userId === location.userId);
      if (at === -1) {
        const after = list.findIndex((l) => l.id > location.id);
        list.splice(after === -1 ? list.length : after, 0, location);
      } else if (list[at]!.createdAt <= location.createdAt) {
        list[at] = location;
      }
    }
    this.cached.set(groupId, { locations: list, json: null, at: cached.at });
  }
}
