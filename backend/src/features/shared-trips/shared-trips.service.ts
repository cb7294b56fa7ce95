import { randomBytes } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import { liveShareWhere } from "../../access/access.js";
import {
  rooms,
  SHARE_LIVE_MAX,
  CALENDAR_TEXTS,
  SHARE_LOCATIONS_MAX,
  SHARE_VIEWS_MAX,
  SHARE_MESSAGES_MAX,
  SHARE_TEXTS,
  SHARED_TRIP_COORD_DECIMALS,
  SHARED_TRIPS_LIST_MAX,
  type ShareEndedEvent,
  type SharedTrip as SharedTripView,
  type SharedTripInfo,
  type SharedTripLocation as SharedTripLocationView,
  type SharedTripDestination,
  type SharedTripLocationPayload,
  type SharedTripMessage as SharedTripMessageView,
} from "@caravan/common";
import { nameOfPoint, type Geocoder } from "../../adapters/geocoder/geocoder.js";
import type { Config } from "../../config.js";
import { decryptText, keyedDigest } from "../../db/crypto.js";
import { SharedTrip, SharedTripLocation, SharedTripMessage, type User } from "../../db/entities/index.js";
import { conflict, forbidden, gone, notFound } from "../../http/errors.js";
import type { Logger } from "../../logger.js";
import type { Realtime } from "../../realtime/publisher.js";
import { excerptOf, firstNameOf } from "../../lib/notice-text.js";
import type { NotificationsService } from "../notifications/notifications.service.js";
import { trailToGpx } from "./shared-trips.gpx.js";
import {
  isLive,
  presentSharedTrip,
  presentSharedTripInfo,
  presentSharedTripLocation,
  presentSharedTripMessage,
} from "./shared-trips.presenter.js";

/** 256 bits from the CSPRNG, URL-safe (43 characters): the token is the only key to the sharer's location. */
export const newShareToken = () => randomBytes(32).toString("base64url");

/** Anything else cannot be a token we issued, so it is answered without a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

const HOUR_MS = 3_600_000;

/** A tracker point stored in one live share, waiting for its transaction to commit before watchers hear of it. */
export interface StoredTrackerPoint {
  shareToken: string;
  location: SharedTripLocation;
}

export class SharedTripsService {
  constructor(
    private readonly db: DataSource,
    private readonly config: Pick<Config, "publicUrl" | "shareRetentionHours">,
    private readonly realtime: Realtime,
    private readonly log: Logger,
    private readonly places: Pick<Geocoder, "nearest">,
    private readonly notifications: Pick<NotificationsService, "shareMessage" | "markShareRead" | "unreadPerShare">,
    private readonly now: () => Date = () => new Date(),
  ) {}

  shareUrl(token: string): string {
    return `${this.config.publicUrl}/shared/${token}`;
  }

  async create(
    sharer: User,
    durationHours: number,
    destination: SharedTripDestination | null = null,
  ): Promise<SharedTripView> {
    const now = this.now();
    const repo = this.db.getRepository(SharedTrip);
    const live = await repo.count({ where: { sharerId: sharer.id, ...liveShareWhere(now) } });
    if (live >= SHARE_LIVE_MAX) throw conflict(SHARE_TEXTS.liveLimit);
    const trip = await repo.save(
      repo.create({
        sharerId: sharer.id,
        shareToken: newShareToken(),
        durationHours,
        expiresAt: new Date(now.getTime() + durationHours * HOUR_MS),
        isActive: true,
        stoppedAt: null,
        destinationName: destination?.name ?? null,
        destinationLatitude: destination?.latitude ?? null,
        destinationLongitude: destination?.longitude ?? null,
      }),
    );
    return presentSharedTrip(trip, this.shareUrl(trip.shareToken), now, null);
  }

  /** The caller's shares, newest first, each live one with the tracker app that last fed it. */
  async listMine(sharerId: string): Promise<SharedTripView[]> {
    const now = this.now();
    const trips = await this.db.getRepository(SharedTrip).find({
      where: { sharerId },
      order: { id: "DESC" },
      take: SHARED_TRIPS_LIST_MAX,
    });
    const live = trips.filter((t) => isLive(t, now));
    const ids = trips.map((t) => t.id);
    const [newest, views, watchers, unread, lastMessages] = await Promise.all([
      this.newestPoints(ids),
      this.viewCounts(ids),
      Promise.all(live.map(async (t) => [t.id, await this.watchersOf(t)] as const)).then((e) => new Map(e)),
      this.notifications.unreadPerShare(sharerId, ids),
      this.lastWatcherMessages(sharerId, ids),
    ]);
    return trips.map((t) =>
      presentSharedTrip(t, this.shareUrl(t.shareToken), now, newest.get(t.id)?.feeder ?? null, {
        views: views.get(t.id) ?? 0,
        watchersNow: watchers.get(t.id) ?? 0,
        hasTrail: newest.has(t.id),
        unreadMessages: unread.get(t.id) ?? 0,
        lastMessage: lastMessages.get(t.id) ?? null,
      }),
    );
  }

  /** For each share, the newest message a watcher (anyone but the sharer) wrote, quoted as the bell quotes it. */
  private async lastWatcherMessages(
    sharerId: string,
    tripIds: number[],
  ): Promise<Map<number, NonNullable<SharedTripView["lastMessage"]>>> {
    if (tripIds.length === 0) return new Map();
    const rows = (await this.db.query(
      `SELECT DISTINCT ON (m."shared_trip_id") m."shared_trip_id" AS "tripId", m."content", m."created_at" AS "createdAt",
              u."first_name" AS "firstName"
         FROM "shared_trip_messages" m JOIN "users" u ON u."id" = m."user_id"
        WHERE m."shared_trip_id" = ANY($1) AND m."user_id" <> $2
        ORDER BY m."shared_trip_id", m."id" DESC`,
      [tripIds, sharerId],
    )) as Array<{ tripId: number; content: string; createdAt: Date; firstName: string | null }>;
    return new Map(
      rows.map((r) => [
        r.tripId,
        {
          author: firstNameOf(r),
          content: excerptOf(decryptText(r.content)),
          createdAt: new Date(r.createdAt).toISOString(),
        },
      ]),
    );
  }

  /** Other people's sockets in the share's room, over every instance. */
  private async watchersOf(trip: SharedTrip): Promise<number> {
    return (await this.realtime.watchers?.(rooms.share(trip.shareToken), trip.sharerId)) ?? 0;
  }

  private async viewCounts(tripIds: number[]): Promise<Map<number, number>> {
    if (tripIds.length === 0) return new Map();
    const rows = (await this.db.query(
      `SELECT "shared_trip_id" AS "tripId", count(*)::int AS "n" FROM "shared_trip_views"
        WHERE "shared_trip_id" = ANY($1) GROUP BY "shared_trip_id"`,
      [tripIds],
    )) as Array<{ tripId: number; n: number }>;
    return new Map(rows.map((r) => [r.tripId, r.n]));
  }

  /**
   * Counts a browser that opened a live share, once per share. The browser is known by a random id from its cookie,
   * stored only as a keyed digest bound to this share: no IP address, no account, nothing that links two shares.
   * The sharer's own visits are not counted.
   */
  async recordView(token: string, browserId: string, viewerId: string | null): Promise<void> {
    const trip = await this.byToken(token);
    if (!isLive(trip, this.now()) || trip.sharerId === viewerId) return;
    await this.db.query(
      `INSERT INTO "shared_trip_views" ("shared_trip_id", "viewer_hash")
       SELECT $1, $2 WHERE (SELECT count(*) FROM "shared_trip_views" WHERE "shared_trip_id" = $1) < $3
       ON CONFLICT DO NOTHING`,
      [trip.id, keyedDigest("share-view", `${trip.id}\0${browserId}`), SHARE_VIEWS_MAX],
    );
  }

  /**
   * The sharer's trail as GPX 1.1, oldest point first, while its points are kept (they go with the retention sweep).
   * Every text is escaped: addresses come from people and the gazetteer.
   */
  async trailGpx(trip: SharedTrip): Promise<string> {
    const points = await this.db.getRepository(SharedTripLocation).find({
      where: { sharedTripId: trip.id },
      order: { createdAt: "ASC", id: "ASC" },
    });
    if (points.length === 0) throw notFound(CALENDAR_TEXTS.trailGone);
    return trailToGpx(CALENDAR_TEXTS.trailName(trip.createdAt.toISOString().slice(0, 10)), points);
  }

  /**
   * For each share that has a stored point, the name of the tracker that sent its newest point (null when the
   * browser did).
   */
  private async newestPoints(tripIds: number[]): Promise<Map<number, { feeder: string | null }>> {
    if (tripIds.length === 0) return new Map();
    const rows = (await this.db.query(
      `SELECT DISTINCT ON (l."shared_trip_id") l."shared_trip_id" AS "tripId", t."name" AS "name"
         FROM "shared_trip_locations" l LEFT JOIN "trackers" t ON t."id" = l."tracker_id"
        WHERE l."shared_trip_id" = ANY($1)
        ORDER BY l."shared_trip_id", l."id" DESC`,
      [tripIds],
    )) as Array<{ tripId: number; name: string | null }>;
    return new Map(rows.map((r) => [r.tripId, { feeder: r.name }]));
  }

  /**
   * A tracker app's point goes to every live share of its owner, stamped with the app's own time: an older point
   * joins the trail behind the current position instead of replacing it.
   */
  /**
   * Stores a tracker app's point in each of the sharer's live shares, inside the caller's transaction (the tracker's
   * own row changes in the same one, so a point is either stored with it or not at all). Returns what
   * `publishTrackerPoints` sends once that transaction has committed.
   */
  async storeTrackerPoint(
    tx: EntityManager,
    sharerId: string,
    trackerId: number,
    point: { latitude: number; longitude: number; recordedAt: Date; accuracy: number | null; speed: number | null },
  ): Promise<StoredTrackerPoint[]> {
    const trips = await tx.getRepository(SharedTrip).find({
      where: { sharerId, ...liveShareWhere(this.now()) },
      select: { id: true, shareToken: true },
    });
    if (trips.length === 0) return [];
    // Named like a point from the browser: watchers read a town, not bare coordinates. The gazetteer is in memory.
    const address = await nameOfPoint(this.places, point.latitude, point.longitude, SHARED_TRIP_COORD_DECIMALS);
    const stored: StoredTrackerPoint[] = [];
    for (const trip of trips) {
      const saved = await tx.getRepository(SharedTripLocation).save({
        sharedTripId: trip.id,
        latitude: point.latitude,
        longitude: point.longitude,
        address,
        notes: null,
        source: "app",
        accuracy: point.accuracy,
        speed: point.speed,
        trackerId,
        createdAt: point.recordedAt,
      });
      stored.push({ shareToken: trip.shareToken, location: saved });
    }
    return stored;
  }

  /** Tells each share's watchers of a point `storeTrackerPoint` stored, once its transaction has committed. */
  publishTrackerPoints(stored: StoredTrackerPoint[]): void {
    for (const { shareToken, location } of stored) {
      this.realtime.publish(rooms.share(shareToken), "share:location", presentSharedTripLocation(location));
    }
  }

  private async byToken(token: string): Promise<SharedTrip & { sharer: User }> {
    const trip = TOKEN_SHAPE.test(token)
      ? await this.db.getRepository(SharedTrip).findOne({ where: { shareToken: token }, relations: { sharer: true } })
      : null;
    if (!trip?.sharer) throw notFound(SHARE_TEXTS.notFound);
    return trip as SharedTrip & { sharer: User };
  }

  async info(token: string, viewerId: string | null): Promise<SharedTripInfo> {
    return presentSharedTripInfo(await this.byToken(token), this.now(), viewerId);
  }

  /** Latest first; nothing once the share has ended, even before retention deletes the rows. */
  async locations(token: string): Promise<SharedTripLocationView[]> {
    const trip = await this.byToken(token);
    if (!isLive(trip, this.now())) return [];
    const rows = await this.db.getRepository(SharedTripLocation).find({
      where: { sharedTripId: trip.id },
      order: { createdAt: "DESC", id: "DESC" },
      take: SHARE_LOCATIONS_MAX,
    });
    return rows.map(presentSharedTripLocation);
  }

  /**
   * The newest messages, oldest first; still readable after the share ends, until retention deletes them. When the
   * sharer reads them, the notices of watchers' messages on this share are read too.
   */
  async messages(token: string, readerId: string | null = null): Promise<SharedTripMessageView[]> {
    const trip = await this.byToken(token);
    if (readerId !== null && readerId === trip.sharerId) await this.notifications.markShareRead(readerId, trip.id);
    const rows = await this.db.getRepository(SharedTripMessage).find({
      where: { sharedTripId: trip.id },
      relations: { user: true },
      order: { id: "DESC" },
      take: SHARE_MESSAGES_MAX,
    });
    return rows.reverse().map((m) => presentSharedTripMessage(m, m.user!, trip));
  }

  async postLocation(token: string, user: User, payload: SharedTripLocationPayload): Promise<SharedTripLocationView> {
    const trip = await this.byToken(token);
    if (trip.sharerId !== user.id) throw forbidden(SHARE_TEXTS.sharerOnly);
    if (!isLive(trip, this.now())) throw gone(SHARE_TEXTS.ended);
    const saved = await this.db.getRepository(SharedTripLocation).save({
      sharedTripId: trip.id,
      latitude: payload.latitude,
      longitude: payload.longitude,
      // Named like group locations, so a watcher reads a town rather than six-decimal coordinates.
      address:
        payload.address ||
        (await nameOfPoint(this.places, payload.latitude, payload.longitude, SHARED_TRIP_COORD_DECIMALS)),
      notes: payload.notes || null,
      speed: payload.speed ?? null,
    });
    const view = presentSharedTripLocation(saved);
    this.realtime.publish(rooms.share(trip.shareToken), "share:location", view);
    return view;
  }

  async postMessage(
    token: string,
    author: User,
    content: string,
    messageType = "text",
  ): Promise<SharedTripMessageView> {
    const trip = await this.byToken(token);
    if (!isLive(trip, this.now())) throw gone(SHARE_TEXTS.ended);
    const saved = await this.db
      .getRepository(SharedTripMessage)
      .save({ sharedTripId: trip.id, userId: author.id, content, messageType });
    const view = presentSharedTripMessage(saved, author, trip);
    this.realtime.publish(rooms.share(trip.shareToken), "share:message", view);
    await this.notifications.shareMessage(trip, author);
    return view;
  }

  /** Ends a share at once. Stopping one that has already ended changes nothing and tells no one. */
  /** Stops the caller's own share (the route checked it is theirs: src/access). */
  async stop(trip: SharedTrip): Promise<SharedTripView> {
    const repo = this.db.getRepository(SharedTrip);
    const id = trip.id;
    const now = this.now();
    // Conditional on is_active, so of two concurrent stops (or a stop and the expiry sweep) only one announces it.
    const result = await repo
      .createQueryBuilder()
      .update(SharedTrip)
      .set({ isActive: false, stoppedAt: () => "CASE WHEN expires_at > :now THEN :now::timestamptz ELSE NULL END" })
      .where("id = :id AND is_active", { id, now })
      .returning(["stoppedAt"])
      .execute();
    const row = (result.raw as Array<{ stopped_at: Date | null }>)[0];
    if (row) {
      const stoppedAt = row.stopped_at;
      await this.announceEnd(trip.shareToken, stoppedAt ? "stopped" : "expired", stoppedAt ?? trip.expiresAt);
    }
    return presentSharedTrip(await repo.findOneByOrFail({ id }), this.shareUrl(trip.shareToken), now, null);
  }

  /**
   * Marks every share past its expiry as ended and announces each one. The update is conditional, so when several
   * instances sweep at once each share is announced by exactly one of them. Returns how many ended.
   */
  async endExpired(): Promise<number> {
    const result = await this.db
      .createQueryBuilder()
      .update(SharedTrip)
      .set({ isActive: false })
      .where("is_active AND expires_at <= :now", { now: this.now() })
      .returning(["shareToken", "expiresAt"])
      .execute();
    const rows = result.raw as Array<{ share_token: string; expires_at: Date }>;
    for (const row of rows) await this.announceEnd(row.share_token, "expired", new Date(row.expires_at));
    return rows.length;
  }

  /** When the next live share expires, so the sweep can wake then; null when none is live. */
  async nextExpiry(): Promise<Date | null> {
    const next = await this.db
      .getRepository(SharedTrip)
      .findOne({ where: { isActive: true }, order: { expiresAt: "ASC" }, select: { id: true, expiresAt: true } });
    return next?.expiresAt ?? null;
  }

  /**
   * Deletes the locations and messages of every share that ended (stopped or expired, whichever came first) at least
   * the retention period ago. What to delete is derived from the shares themselves, so a run after a restart catches
   * up on everything, and running twice deletes nothing more.
   */
  async purgeEnded(): Promise<{ locations: number; messages: number }> {
    const cutoff = new Date(this.now().getTime() - this.config.shareRetentionHours * HOUR_MS);
    const purge = async (table: string) => {
      const [, affected] = (await this.db.query(
        `DELETE FROM ${table} d USING shared_trips t
          WHERE d.shared_trip_id = t.id
            AND (t.expires_at <= $1 OR t.stopped_at <= $1)`,
        [cutoff],
      )) as [unknown, number];
      return affected;
    };
    const result = { locations: await purge("shared_trip_locations"), messages: await purge("shared_trip_messages") };
    await purge("shared_trip_views");
    return result;
  }

  private async announceEnd(token: string, reason: ShareEndedEvent["reason"], endedAt: Date): Promise<void> {
    const room = rooms.share(token);
    const event: ShareEndedEvent = { reason, endedAt: endedAt.toISOString() };
    this.realtime.publish(room, "share:ended", event);
    await this.realtime.evict(room).catch((err: unknown) => this.log.warn({ err }, "share room eviction failed"));
  }
}
