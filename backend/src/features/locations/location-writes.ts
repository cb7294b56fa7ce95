import type { DataSource } from "typeorm";
import { ARRIVAL_REARM_FACTOR, EARTH_RADIUS_KM } from "@caravan/common";
import { preparedQuery } from "../../db/prepared.js";

const EARTH_RADIUS_M = EARTH_RADIUS_KM * 1000;
/** Statements in flight at once; the writes that arrive meanwhile wait for the next one. */
const MAX_IN_FLIGHT = 2;
/** Writes in one statement at most. */
const MAX_BATCH = 500;

/** One member's new location, its address and notes already encrypted. */
export interface LocationWrite {
  userId: string;
  groupId: number;
  latitude: number;
  longitude: number;
  address: string | null;
  notes: string | null;
}

/** What a stored write gives back: the row, the member's public fields, and an arrival if this write made one. */
export interface StoredLocation {
  id: number;
  user_id: string;
  group_id: number;
  latitude: number;
  longitude: number;
  created_at: Date;
  /** Set only when this location made the member arrive. */
  arrived_at: Date | null;
  destination_name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  profile_image_url: string | null;
}

/**
 * The statement behind every location write, for any number of members at once ($1-$6: arrays of user ids, group
 * ids, latitudes, longitudes, encrypted addresses and notes, in (group, user) order so that concurrent statements
 * lock rows in the same order):
 * - only members are written: the membership check and the upsert are one statement, and a member who left is
 *   simply not in the result;
 * - each member has one row per group, replaced by every update;
 * - the arrival transition changes the membership row only on a transition: into the radius while armed (an
 *   arrival: disarmed, arrived_at stamped), or beyond ARRIVAL_REARM_FACTOR times the radius while disarmed (armed
 *   again, arrived_at cleared), so GPS jitter at the edge raises nothing. Groups without destination coordinates
 *   change nothing.
 */
const WRITE_LOCATIONS = `
  WITH input AS (
    SELECT * FROM unnest($1::text[], $2::int[], $3::float8[], $4::float8[], $5::text[], $6::text[])
      AS i("user_id", "group_id", "latitude", "longitude", "address", "notes")),
  allowed AS (
    SELECT i.* FROM input i
     WHERE EXISTS (SELECT 1 FROM "group_memberships" m WHERE m."group_id" = i."group_id" AND m."user_id" = i."user_id")),
  up AS (
    INSERT INTO "user_locations" ("user_id", "group_id", "latitude", "longitude", "address", "notes")
    SELECT "user_id", "group_id", "latitude", "longitude", "address", "notes" FROM allowed
    ON CONFLICT ("group_id", "user_id") DO UPDATE SET
      "latitude" = EXCLUDED."latitude", "longitude" = EXCLUDED."longitude",
      "address" = EXCLUDED."address", "notes" = EXCLUDED."notes",
      "is_active" = true, "created_at" = EXCLUDED."created_at"
    RETURNING "id", "user_id", "group_id", "latitude", "longitude", "created_at"),
  d AS (
    SELECT a."user_id", g."id" AS "group_id", g."destination_name", g."arrival_radius_meters" AS r,
           2 * ${EARTH_RADIUS_M} * asin(sqrt(
             power(sin(radians(a."latitude" - g."destination_latitude") / 2), 2) +
             cos(radians(g."destination_latitude")) * cos(radians(a."latitude")) *
             power(sin(radians(a."longitude" - g."destination_longitude") / 2), 2))) AS meters
      FROM allowed a JOIN "groups" g ON g."id" = a."group_id"
     WHERE g."destination_latitude" IS NOT NULL AND g."destination_longitude" IS NOT NULL),
  arr AS (
    UPDATE "group_memberships" m
       SET "arrival_armed" = d.meters > d.r,
           "arrived_at" = CASE WHEN d.meters <= d.r THEN now() ELSE NULL END
      FROM d
     WHERE m."group_id" = d."group_id" AND m."user_id" = d."user_id"
       AND ((m."arrival_armed" AND d.meters <= d.r) OR (NOT m."arrival_armed" AND d.meters > d.r * ${ARRIVAL_REARM_FACTOR}))
    RETURNING m."user_id", m."group_id", m."arrived_at", d."destination_name")
  SELECT up.*, arr."arrived_at", arr."destination_name",
         u."first_name", u."last_name", u."email", u."profile_image_url"
    FROM up
    JOIN "users" u ON u."id" = up."user_id"
    LEFT JOIN arr ON arr."user_id" = up."user_id" AND arr."group_id" = up."group_id"`;

interface Pending {
  write: LocationWrite;
  resolve(row: StoredLocation | null): void;
  reject(err: unknown): void;
}

const keyOf = (w: LocationWrite) => `${w.groupId}:${w.userId}`;

/**
 * Location writes, committed together: the writes that arrive while a statement is in flight go into the next one,
 * so a hundred travellers posting at once cost a few commits, not a hundred. Each write is answered once its
 * statement has committed (null: not a member). A statement that fails is retried one write at a time, so one bad
 * write fails alone.
 */
export class LocationWrites {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Members whose write is in a statement now: their next write waits for it, so the later one wins. */
  private readonly writing = new Set<string>();

  constructor(private readonly db: DataSource) {}

  write(write: LocationWrite): Promise<StoredLocation | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      this.schedule();
    });
  }

  /** Waits for the rest of this turn of the event loop, so the writes that arrived with this one go together. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    if (this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    // A member twice in one statement would make the upsert touch one row twice, and in two statements at once
    // would leave either one last: a member's later write waits for the statement holding the earlier one.
    const batch: Pending[] = [];
    const later: Pending[] = [];
    const keys: string[] = [];
    for (const pending of this.queue) {
      const key = keyOf(pending.write);
      if (batch.length < MAX_BATCH && !this.writing.has(key)) {
        this.writing.add(key);
        keys.push(key);
        batch.push(pending);
      } else {
        later.push(pending);
      }
    }
    this.queue = later;
    if (batch.length === 0) return;
    this.inFlight += 1;
    void this.run(batch).finally(() => {
      for (const key of keys) this.writing.delete(key);
      this.inFlight -= 1;
      this.schedule();
    });
    this.schedule();
  }

  private async run(batch: Pending[]): Promise<void> {
    try {
      const rows = await this.store(batch.map((p) => p.write));
      const byKey = new Map(rows.map((row) => [`${row.group_id}:${row.user_id}`, row]));
      for (const pending of batch) pending.resolve(byKey.get(keyOf(pending.write)) ?? null);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // A membership that ended between the check and the write, say: each write on its own finds out which.
      await Promise.all(
        batch.map((pending) =>
          this.store([pending.write]).then(
            (rows) => pending.resolve(rows[0] ?? null),
            (single: unknown) => pending.reject(single),
          ),
        ),
      );
    }
  }

  private store(writes: LocationWrite[]): Promise<StoredLocation[]> {
    const sorted = [...writes].sort((a, b) => a.groupId - b.groupId || (a.userId < b.userId ? -1 : 1));
    return preparedQuery(this.db, "caravan_write_locations", WRITE_LOCATIONS, [
      sorted.map((w) => w.userId),
      sorted.map((w) => w.groupId),
      sorted.map((w) => w.latitude),
      sorted.map((w) => w.longitude),
      sorted.map((w) => w.address),
      sorted.map((w) => w.notes),
    ]);
  }
}
