import { createHash, randomBytes } from "node:crypto";
import type { DataSource } from "typeorm";
import {
  ERRORS,
  shouldSkipGroupUpdate,
  TRACKER_FUTURE_SKEW_MS,
  TRACKER_MIN_INTERVAL_MS,
  TRACKER_TEXTS,
  TRACKERS_MAX,
  type CreatedTracker,
  type Tracker as TrackerView,
  type TrackerSharing,
} from "@caravan/common";
import type { Config } from "../../config.js";
import { Tracker, TrackerGroupSharing, User, UserLocation } from "../../db/entities/index.js";
import { badRequest, conflict, forbidden, HttpError, notFound, PG, pgCode, unauthorized } from "../../http/errors.js";
import type { Logger } from "../../logger.js";
import type { LocationsService } from "../locations/locations.service.js";
import type { SharedTripsService } from "../shared-trips/shared-trips.service.js";
import { usablePoint, type TrackerPoint } from "./trackers.ingest.js";

/** 256 bits from the CSPRNG, URL-safe: it is the app's only credential. */
const newToken = () => randomBytes(32).toString("base64url");
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** Anything else cannot be a token we issued, so it is refused without a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

export type IngestResult = "stored" | "dropped";

export function presentTracker(t: Tracker): TrackerView {
  return {
    id: t.id,
    name: t.name,
    createdAt: t.createdAt.toISOString(),
    lastSeenAt: t.lastSeenAt?.toISOString() ?? null,
    lastBattery: t.lastBattery,
    lastAccuracy: t.lastAccuracy,
  };
}

/**
 * Tracker apps: tokens, and where each point goes. A point lands in every live shared trip of the owner and in every
 * group where the owner switched tracker sharing on, through the same services the browser's calls use.
 */
export class TrackersService {
  constructor(
    private readonly db: DataSource,
    private readonly config: Pick<Config, "publicUrl">,
    private readonly locations: LocationsService,
    private readonly sharedTrips: SharedTripsService,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  urls(token: string): CreatedTracker["urls"] {
    return {
      owntracks: `${this.config.publicUrl}/api/ingest/owntracks`,
      osmand: `${this.config.publicUrl}/api/ingest/osmand?id=${token}`,
    };
  }

  async create(owner: User, name: string): Promise<CreatedTracker> {
    const token = newToken();
    const tracker = await this.db.transaction(async (tx) => {
      // Serialises one person's creations, so two at once cannot both pass the limit.
      await tx.query(`SELECT 1 FROM "users" WHERE "id" = $1 FOR UPDATE`, [owner.id]);
      const count = await tx.getRepository(Tracker).countBy({ userId: owner.id });
      if (count >= TRACKERS_MAX) throw conflict(TRACKER_TEXTS.limit);
      return tx.getRepository(Tracker).save({ userId: owner.id, name, tokenHash: hashToken(token) });
    });
    const saved = await this.db.getRepository(Tracker).findOneByOrFail({ id: tracker.id });
    return { ...presentTracker(saved), token, urls: this.urls(token) };
  }

  async list(ownerId: string): Promise<TrackerView[]> {
    const rows = await this.db.getRepository(Tracker).find({ where: { userId: ownerId }, order: { id: "ASC" } });
    return rows.map(presentTracker);
  }

  /** The token stops working with this statement: nothing caches it. */
  async remove(ownerId: string, id: number): Promise<void> {
    const result = await this.db.getRepository(Tracker).delete({ id, userId: ownerId });
    if (!result.affected) throw notFound(TRACKER_TEXTS.notFound);
  }

  async sharing(groupId: number, userId: string): Promise<TrackerSharing> {
    const enabled = await this.db.getRepository(TrackerGroupSharing).existsBy({ groupId, userId });
    const latest = await this.db.getRepository(Tracker).findOne({
      where: { userId },
      order: { lastSeenAt: { direction: "DESC", nulls: "LAST" }, id: "DESC" },
    });
    return {
      enabled,
      lastSeenAt: latest?.lastSeenAt?.toISOString() ?? null,
      lastBattery: latest?.lastSeenAt ? latest.lastBattery : null,
    };
  }

  async setSharing(groupId: number, userId: string, enabled: boolean): Promise<TrackerSharing> {
    if (enabled) {
      try {
        await this.db.query(
          `INSERT INTO "tracker_group_sharing" ("group_id", "user_id") VALUES ($1, $2)
           ON CONFLICT ("group_id", "user_id") DO NOTHING`,
          [groupId, userId],
        );
      } catch (err) {
        // The membership ended between the access check and the write.
        if (pgCode(err) === PG.foreignKeyViolation) throw forbidden(ERRORS.notGroupMember);
        throw err;
      }
    } else {
      await this.db.getRepository(TrackerGroupSharing).delete({ groupId, userId });
    }
    return this.sharing(groupId, userId);
  }

  /** The tracker a token belongs to, or 401: an unknown token and a deleted tracker's are answered alike. */
  async byToken(token: string | null): Promise<Tracker> {
    const tracker =
      token && TOKEN_SHAPE.test(token)
        ? await this.db.getRepository(Tracker).findOneBy({ tokenHash: hashToken(token) })
        : null;
    if (!tracker) throw unauthorized(TRACKER_TEXTS.unknownToken);
    return tracker;
  }

  /**
   * Stores one point. Every check that can refuse it runs before anything is written, and every value is made one
   * the database holds (usablePoint: an optional field out of range is dropped, a bad position refused), so a point
   * cannot be refused after the tracker's row has taken it, which would drop its resend as a repeat. A point within a second of
   * the newest one stored, by the points' own times, is dropped but answered as accepted, because the apps retry a
   * refused point forever; points an app queued while offline arrive back to back and are all kept, since their own
   * times lie apart. How fast they may arrive is the route's limit (RATE_LIMIT_TRACKER_POINTS).
   */
  async ingest(tracker: Tracker, sent: TrackerPoint): Promise<IngestResult> {
    const point = usablePoint(sent);
    const now = this.now();
    if (point.recordedAt && point.recordedAt.getTime() > now.getTime() + TRACKER_FUTURE_SKEW_MS) {
      throw badRequest(TRACKER_TEXTS.inFuture);
    }
    const recordedAt = point.recordedAt ?? now;
    // Conditional on the newest stored point's time, under the row's lock, so concurrent requests on several nodes
    // store at most one point per second of the points' own time. The tracker's row and the point change in one
    // transaction: a point that fails to store leaves the row as it was, so the app's resend is not taken for a
    // repeat and dropped.
    const outcome = await this.db.transaction(async (tx) => {
      const rows = (await tx.query(
        `UPDATE "trackers" t SET "last_stored_at" = $2, "last_seen_at" = $2,
           "last_point_at" = GREATEST(prev."last_point_at", $3),
           "last_battery" = COALESCE($4, t."last_battery"), "last_accuracy" = $5
         FROM (SELECT "id", "last_point_at" FROM "trackers" WHERE "id" = $1 FOR UPDATE) prev
         WHERE t."id" = prev."id"
           AND (prev."last_point_at" IS NULL OR abs(extract(epoch FROM $3::timestamptz - prev."last_point_at")) * 1000 >= $6)
         RETURNING prev."last_point_at" AS "previous"`,
        [tracker.id, now, recordedAt, point.battery, point.accuracy, TRACKER_MIN_INTERVAL_MS],
      )) as [Array<{ previous: Date | null }>, number];
      const updated = rows[0];
      if (updated.length === 0) return null;
      const stored = await this.sharedTrips.storeTrackerPoint(tx, tracker.userId, tracker.id, {
        ...point,
        recordedAt,
      });
      return { previous: updated[0]!.previous, stored };
    });
    if (!outcome) {
      await this.db.query(`UPDATE "trackers" SET "last_seen_at" = $2 WHERE "id" = $1`, [tracker.id, now]);
      return "dropped";
    }
    this.sharedTrips.publishTrackerPoints(outcome.stored);
    const { previous } = outcome;
    const isCurrent = !previous || recordedAt.getTime() >= new Date(previous).getTime();
    if (isCurrent) await this.feedGroups(tracker.userId, point);
    return "stored";
  }

  /** Groups keep only the current position: an older point or a move within the skip rule changes nothing. */
  private async feedGroups(userId: string, point: TrackerPoint): Promise<void> {
    const groups = await this.db
      .getRepository(TrackerGroupSharing)
      .find({ where: { userId }, select: { groupId: true } });
    if (groups.length === 0) return;
    for (const { groupId } of groups) {
      const last = await this.db
        .getRepository(UserLocation)
        .findOne({ where: { groupId, userId }, select: { id: true, latitude: true, longitude: true } });
      if (last && shouldSkipGroupUpdate(last, point)) continue;
      try {
        await this.locations.update(groupId, userId, { latitude: point.latitude, longitude: point.longitude });
      } catch (err) {
        // The member left while the point was on its way: the sharing went with the membership.
        if (err instanceof HttpError && err.status === 403) continue;
        this.log.warn({ err, groupId }, "tracker point not stored in group");
      }
    }
  }
}
