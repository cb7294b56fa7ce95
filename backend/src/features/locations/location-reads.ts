import { LRUCache } from "lru-cache";
import type { GroupLocation } from "@caravan/common";
import type { Grants, Revocation } from "../../access/grants.js";

/** How long a group's locations, as last read, answer the next reads (a profile edit shows after this at most). */
export const LOCATION_READ_TTL_MS = 1_000;
const MAX_GROUPS = 20_000;

interface Kept {
  locations: GroupLocation[];
  /** The answer, made again from `locations` only when a change was taken in since the last read. */
  json: string | null;
  at: number;
}

/**
 * The group read, kept for a second: members whose socket is down all poll the same group every few seconds, while
 * the others keep posting. A stored location is taken into what is kept, here and on the other instances (with the
 * revocations of the grants), so that the reads between two writes of a busy group cost no query; a removed
 * location, and every end of a membership (its location goes with it), drops what is kept instead. What the second
 * can still hide is a profile edit (a new name or picture).
 */
export class LocationReads {
  private readonly kept = new LRUCache<number, Kept>({ max: MAX_GROUPS });
  /** Changes per group: a read that started before a change is not kept. */
  private readonly changes = new LRUCache<number, number>({ max: MAX_GROUPS });

  constructor(private readonly grants: Grants | null) {
    grants?.onRevoke((revocation) => this.apply(revocation));
  }

  async read(groupId: number, load: () => Promise<GroupLocation[]>): Promise<string> {
    const kept = this.kept.get(groupId);
    if (kept && Date.now() - kept.at < LOCATION_READ_TTL_MS) return (kept.json ??= JSON.stringify(kept.locations));
    const before = this.changes.get(groupId) ?? 0;
    const startedAt = Date.now();
    const locations = await load();
    const json = JSON.stringify(locations);
    if ((this.changes.get(groupId) ?? 0) === before) this.kept.set(groupId, { locations, json, at: startedAt });
    return json;
  }

  /**
   * Whether stored() tells the other instances (there are others, reached through Redis): they then push each
   * stored location to their own sockets from that news, and the writer pushes it to its own only.
   */
  tellsOthers(): boolean {
    return this.grants?.broadcast != null;
  }

  /** A location was stored (committed): what is kept here and on every instance takes it in. */
  stored(location: GroupLocation): void {
    this.tell({ kind: "locations", groupIds: [location.groupId], locations: [location] });
  }

  /** A location of the group was removed: what is kept is dropped, here and on every instance. */
  removed(groupId: number): void {
    this.tell({ kind: "locations", groupIds: [groupId] });
  }

  private tell(revocation: Revocation & { kind: "locations" }): void {
    if (this.grants) this.grants.revoke(revocation);
    else this.apply(revocation);
  }

  private apply(revocation: Revocation | null): void {
    if (revocation === null) {
      this.kept.clear();
      this.changes.clear();
    } else if (revocation.kind === "membership") {
      this.drop(revocation.groupId);
    } else if (revocation.kind === "locations") {
      const stored = new Map<number, GroupLocation[]>();
      for (const location of revocation.locations ?? []) {
        const list = stored.get(location.groupId);
        if (list) list.push(location);
        else stored.set(location.groupId, [location]);
      }
      for (const groupId of revocation.groupIds) {
        const locations = stored.get(groupId);
        if (locations) this.takeIn(groupId, locations);
        else this.drop(groupId);
      }
    }
  }

  private bump(groupId: number): void {
    this.changes.set(groupId, (this.changes.get(groupId) ?? 0) + 1);
  }

  private drop(groupId: number): void {
    this.kept.delete(groupId);
    this.bump(groupId);
  }

  /**
   * Each member's location replaces the one kept for them, unless the kept one is newer (it was read after a later
   * write of theirs, whose news is still on its way); a member's first location goes in the order the read gives
   * (by id).
   */
  private takeIn(groupId: number, locations: GroupLocation[]): void {
    this.bump(groupId);
    const kept = this.kept.get(groupId);
    if (!kept) return;
    const list = [...kept.locations];
    for (const location of locations) {
      const at = list.findIndex((l) => l.userId === location.userId);
      if (at === -1) {
        const after = list.findIndex((l) => l.id > location.id);
        list.splice(after === -1 ? list.length : after, 0, location);
      } else if (list[at]!.createdAt <= location.createdAt) {
        list[at] = location;
      }
    }
    this.kept.set(groupId, { locations: list, json: null, at: kept.at });
  }
}
