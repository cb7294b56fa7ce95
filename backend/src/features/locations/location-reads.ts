import { LRUCache } from "lru-cache";
import type { Grants } from "../../access/grants.js";

/** How long a group's locations, as last read, answer the next reads while no change has been announced. */
export const LOCATION_READ_TTL_MS = 1_000;
const MAX_GROUPS = 20_000;

interface Kept {
  json: string;
  at: number;
}

/**
 * The group read, kept for a second as the JSON it answers with: members whose socket is down all poll the same
 * group every few seconds. Every location write or removal in the group, and every end of a membership (its
 * location goes with it), drops it here and on the other instances (the same revocations as the grants). What the
 * second can still hide is a profile edit (a new name or picture), for at most that second.
 */
export class LocationReads {
  private readonly kept = new LRUCache<number, Kept>({ max: MAX_GROUPS });
  /** Changes per group: a read that started before a change is not kept. */
  private readonly changes = new LRUCache<number, number>({ max: MAX_GROUPS });

  constructor(private readonly grants: Grants | null) {
    grants?.onRevoke((revocation) => {
      if (revocation === null) {
        this.kept.clear();
        this.changes.clear();
      } else if (revocation.kind === "locations") {
        for (const groupId of revocation.groupIds) this.changed(groupId);
      } else if (revocation.kind === "membership") {
        this.changed(revocation.groupId);
      }
    });
  }

  async read(groupId: number, load: () => Promise<string>): Promise<string> {
    const kept = this.kept.get(groupId);
    if (kept && Date.now() - kept.at < LOCATION_READ_TTL_MS) return kept.json;
    const before = this.changes.get(groupId) ?? 0;
    const startedAt = Date.now();
    const json = await load();
    if ((this.changes.get(groupId) ?? 0) === before) this.kept.set(groupId, { json, at: startedAt });
    return json;
  }

  /** The group's locations changed here: drop what is kept, here and on every instance. */
  announce(groupId: number): void {
    if (this.grants) this.grants.revoke({ kind: "locations", groupIds: [groupId] });
    else this.changed(groupId);
  }

  private changed(groupId: number): void {
    this.kept.delete(groupId);
    this.changes.set(groupId, (this.changes.get(groupId) ?? 0) + 1);
  }
}
