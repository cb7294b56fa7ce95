import { randomBytes } from "node:crypto";
import { MoreThan, type DataSource } from "typeorm";
import {
  ERRORS,
  rooms,
  SHARE_LIVE_MAX,
  SHARE_LOCATIONS_MAX,
  SHARE_MESSAGES_MAX,
  SHARE_TEXTS,
  SHARED_TRIPS_LIST_MAX,
  type ShareEndedEvent,
  type SharedTrip as SharedTripView,
  type SharedTripInfo,
  type SharedTripLocation as SharedTripLocationView,
  type SharedTripLocationPayload,
  type SharedTripMessage as SharedTripMessageView,
} from "@caravan/common";
import type { Config } from "../../config.js";
import { SharedTrip, SharedTripLocation, SharedTripMessage, type User } from "../../db/entities/index.js";
import { conflict, forbidden, gone, notFound } from "../../http/errors.js";
import type { Logger } from "../../logger.js";
import type { Realtime } from "../../realtime/publisher.js";
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

export class SharedTripsService {
  constructor(
    private readonly db: DataSource,
    private readonly config: Pick<Config, "publicUrl" | "shareRetentionHours">,
    private readonly realtime: Realtime,
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  shareUrl(token: string): string {
    return `${this.config.publicUrl}/shared/${token}`;
  }

  async create(sharer: User, durationHours: number): Promise<SharedTripView> {
    const now = this.now();
    const repo = this.db.getRepository(SharedTrip);
    const live = await repo.count({ where: { sharerId: sharer.id, isActive: true, expiresAt: MoreThan(now) } });
    if (live >= SHARE_LIVE_MAX) throw conflict(SHARE_TEXTS.liveLimit);
    const trip = await repo.save(
      repo.create({
        sharerId: sharer.id,
        shareToken: newShareToken(),
        durationHours,
        expiresAt: new Date(now.getTime() + durationHours * HOUR_MS),
        isActive: true,
        stoppedAt: null,
      }),
    );
    return presentSharedTrip(trip, this.shareUrl(trip.shareToken), now);
  }

  /** The caller's shares, newest first. */
  async listMine(sharerId: string): Promise<SharedTripView[]> {
    const now = this.now();
    const trips = await this.db.getRepository(SharedTrip).find({
      where: { sharerId },
      order: { id: "DESC" },
      take: SHARED_TRIPS_LIST_MAX,
    });
    return trips.map((t) => presentSharedTrip(t, this.shareUrl(t.shareToken), now));
  }

  private async byToken(token: string): Promise<SharedTrip & { sharer: User }> {
    const trip = TOKEN_SHAPE.test(token)
      ? await this.db.getRepository(SharedTrip).findOne({ where: { shareToken: token }, relations: { sharer: true } })
      : null;
    if (!trip?.sharer) throw notFound(SHARE_TEXTS.notFound);
    return trip as SharedTrip & { sharer: User };
  }

  async info(token: string): Promise<SharedTripInfo> {
    return presentSharedTripInfo(await this.byToken(token), this.now());
  }

  /** Latest first; nothing once the share has ended, even before retention deletes the rows. */
  async locations(token: string): Promise<SharedTripLocationView[]> {
    const trip = await this.byToken(token);
    if (!isLive(trip, this.now())) return [];
    const rows = await this.db.getRepository(SharedTripLocation).find({
      where: { sharedTripId: trip.id },
      order: { id: "DESC" },
      take: SHARE_LOCATIONS_MAX,
    });
    return rows.map(presentSharedTripLocation);
  }

  /** The newest messages, oldest first; still readable after the share ends, until retention deletes them. */
  async messages(token: string): Promise<SharedTripMessageView[]> {
    const trip = await this.byToken(token);
    const rows = await this.db.getRepository(SharedTripMessage).find({
      where: { sharedTripId: trip.id },
      relations: { user: true },
      order: { id: "DESC" },
      take: SHARE_MESSAGES_MAX,
    });
    return rows.reverse().map((m) => presentSharedTripMessage(m, m.user!, trip.sharerId));
  }

  async postLocation(token: string, user: User, payload: SharedTripLocationPayload): Promise<SharedTripLocationView> {
    const trip = await this.byToken(token);
    if (trip.sharerId !== user.id) throw forbidden(SHARE_TEXTS.sharerOnly);
    if (!isLive(trip, this.now())) throw gone(SHARE_TEXTS.ended);
    const saved = await this.db.getRepository(SharedTripLocation).save({
      sharedTripId: trip.id,
      latitude: payload.latitude,
      longitude: payload.longitude,
      address: payload.address || null,
      notes: payload.notes || null,
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
    const view = presentSharedTripMessage(saved, author, trip.sharerId);
    this.realtime.publish(rooms.share(trip.shareToken), "share:message", view);
    return view;
  }

  /** Ends a share at once. Stopping one that has already ended changes nothing and tells no one. */
  async stop(id: number, user: User): Promise<SharedTripView> {
    const repo = this.db.getRepository(SharedTrip);
    const trip = await repo.findOneBy({ id });
    if (!trip) throw notFound(ERRORS.notFound);
    if (trip.sharerId !== user.id) throw forbidden(SHARE_TEXTS.sharerOnly);
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
    return presentSharedTrip(await repo.findOneByOrFail({ id }), this.shareUrl(trip.shareToken), now);
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
    return { locations: await purge("shared_trip_locations"), messages: await purge("shared_trip_messages") };
  }

  private async announceEnd(token: string, reason: ShareEndedEvent["reason"], endedAt: Date): Promise<void> {
    const room = rooms.share(token);
    const event: ShareEndedEvent = { reason, endedAt: endedAt.toISOString() };
    this.realtime.publish(room, "share:ended", event);
    await this.realtime.evict(room).catch((err: unknown) => this.log.warn({ err }, "share room eviction failed"));
  }
}
