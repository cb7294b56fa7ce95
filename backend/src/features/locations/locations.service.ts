import type { DataSource } from "typeorm";
import {
  ARRIVAL_REARM_FACTOR,
  EARTH_RADIUS_KM,
  ERRORS,
  NOTIFICATION_TEXTS,
  rooms,
  type GroupLocation,
  type MemberArrivedEvent,
  type LocationRemovedEvent,
} from "@caravan/common";
import { nameOfPoint, type Geocoder } from "../../adapters/geocoder/geocoder.js";
import { encrypted } from "../../db/crypto.js";
import { UserLocation, type User } from "../../db/entities/index.js";
import { forbidden, PG, pgCode } from "../../http/errors.js";
import type { Realtime } from "../../realtime/publisher.js";
import type { MessagesService } from "../messages/messages.service.js";
import { firstNameOf, placeOf, type NotificationsService } from "../notifications/notifications.service.js";
import { presentLocation } from "./locations.presenter.js";

export interface LocationInput {
  latitude: number;
  longitude: number;
  address?: string | null;
  notes?: string | null;
}

const EARTH_RADIUS_M = EARTH_RADIUS_KM * 1000;

/**
 * The arrival transition, as a CTE over the upsert's parameters ($1 user, $2 group, $3 latitude, $4 longitude): it
 * changes the membership row only on a transition, into the radius while armed (an arrival: disarmed, arrived_at
 * stamped), or beyond ARRIVAL_REARM_FACTOR times the radius while disarmed (armed again, arrived_at cleared), so GPS
 * jitter at the edge raises nothing. Concurrent posts of one member serialise on the membership row: one arrival
 * is raised once. Groups without destination coordinates change nothing.
 */
const ARRIVAL_TRANSITION = `
  d AS (
    SELECT g."id", g."destination_name", g."arrival_radius_meters" AS r,
           2 * ${EARTH_RADIUS_M} * asin(sqrt(
             power(sin(radians($3::float8 - g."destination_latitude") / 2), 2) +
             cos(radians(g."destination_latitude")) * cos(radians($3::float8)) *
             power(sin(radians($4::float8 - g."destination_longitude") / 2), 2))) AS meters
      FROM "groups" g
     WHERE g."id" = $2 AND g."destination_latitude" IS NOT NULL AND g."destination_longitude" IS NOT NULL),
  arr AS (
    UPDATE "group_memberships" m
       SET "arrival_armed" = d.meters > d.r,
           "arrived_at" = CASE WHEN d.meters <= d.r THEN now() ELSE NULL END
      FROM d
     WHERE m."group_id" = d."id" AND m."user_id" = $1
       AND ((m."arrival_armed" AND d.meters <= d.r) OR (NOT m."arrival_armed" AND d.meters > d.r * ${ARRIVAL_REARM_FACTOR}))
    RETURNING m."arrived_at", d."destination_name")`;

interface UpsertedRow {
  id: number;
  latitude: number;
  longitude: number;
  created_at: Date;
  /** Set only when this location made the member arrive. */
  arrived_at: Date | null;
  destination_name: string | null;
}

/**
 * Group location sharing. Each member has at most one location per group, replaced by every update: the read
 * costs O(members) however often they post, and no trail is kept (the privacy note says so).
 */
export class LocationsService {
  constructor(
    private readonly db: DataSource,
    private readonly realtime: Realtime,
    private readonly places: Pick<Geocoder, "nearest">,
    private readonly arrivals: { messages: MessagesService; notifications: NotificationsService },
  ) {}

  async list(groupId: number): Promise<GroupLocation[]> {
    const rows = await this.db.getRepository(UserLocation).find({
      where: { groupId },
      relations: { user: true },
      order: { id: "ASC" },
    });
    return rows.map((l) => presentLocation(l, l.user!));
  }

  /** Stores the member's current location in one statement, then tells the group. */
  async update(groupId: number, member: User, input: LocationInput): Promise<GroupLocation> {
    const address = input.address || (await this.placeName(input.latitude, input.longitude));
    const notes = input.notes || null;
    let rows: UpsertedRow[];
    try {
      // One statement: the upsert, and the arrival transition (see arrivalTransition) in the same round trip.
      rows = await this.db.query(
        `WITH up AS (
           INSERT INTO "user_locations" ("user_id", "group_id", "latitude", "longitude", "address", "notes")
           VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT ("group_id", "user_id") DO UPDATE SET
             "latitude" = EXCLUDED."latitude", "longitude" = EXCLUDED."longitude",
             "address" = EXCLUDED."address", "notes" = EXCLUDED."notes",
             "is_active" = true, "created_at" = EXCLUDED."created_at"
           RETURNING "id", "latitude", "longitude", "created_at"),
         ${ARRIVAL_TRANSITION}
         SELECT up.*, arr."arrived_at", arr."destination_name" FROM up LEFT JOIN arr ON true`,
        [member.id, groupId, input.latitude, input.longitude, encrypted.to(address), encrypted.to(notes)],
      );
    } catch (err) {
      // The membership ended between the access check and the write: the location must not outlive it.
      if (pgCode(err) === PG.foreignKeyViolation) throw forbidden(ERRORS.notGroupMember);
      throw err;
    }
    const row = rows[0]!;
    const view = presentLocation(
      {
        id: row.id,
        groupId,
        userId: member.id,
        latitude: row.latitude,
        longitude: row.longitude,
        address,
        notes,
        createdAt: row.created_at,
      },
      member,
    );
    this.realtime.publish(rooms.group(groupId), "location:updated", view);
    await this.announceArrival(groupId, member, row);
    return view;
  }

  /** Every location source comes through update(), so every source raises arrivals. */
  private async announceArrival(groupId: number, member: User, row: UpsertedRow): Promise<void> {
    if (!row.arrived_at) return;
    const event: MemberArrivedEvent = { groupId, userId: member.id, arrivedAt: row.arrived_at.toISOString() };
    this.realtime.publish(rooms.group(groupId), "member:arrived", event);
    const text = NOTIFICATION_TEXTS.arrival(firstNameOf(member), placeOf(row.destination_name));
    await this.arrivals.messages.postSystem(groupId, text);
    await this.arrivals.notifications.arrival(groupId, member, row.destination_name);
  }

  /** Deletes the member's location in this group; everyone watching drops it at once. Idempotent. */
  async stopSharing(groupId: number, userId: string): Promise<void> {
    const [deleted] = (await this.db.query(
      `DELETE FROM "user_locations" WHERE "group_id" = $1 AND "user_id" = $2 RETURNING "id"`,
      [groupId, userId],
    )) as [unknown[], number];
    if (deleted.length === 0) return;
    const removal: LocationRemovedEvent = { groupId, userId, removed: true };
    this.realtime.publish(rooms.group(groupId), "location:updated", removal);
  }

  placeName(latitude: number, longitude: number): Promise<string> {
    return nameOfPoint(this.places, latitude, longitude);
  }
}
