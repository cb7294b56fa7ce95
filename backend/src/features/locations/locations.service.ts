import type { DataSource } from "typeorm";
import {
  ERRORS,
  formatCoordinates,
  formatNearPlace,
  GROUP_COORD_DECIMALS,
  LOCATION_NEAREST_PLACE_MAX_KM,
  rooms,
  type GroupLocation,
  type LocationRemovedEvent,
} from "@caravan/common";
import type { Geocoder } from "../../adapters/geocoder/geocoder.js";
import { encrypted } from "../../db/crypto.js";
import { UserLocation, type User } from "../../db/entities/index.js";
import { forbidden, PG, pgCode } from "../../http/errors.js";
import type { Realtime } from "../../realtime/publisher.js";
import { presentLocation } from "./locations.presenter.js";

export interface LocationInput {
  latitude: number;
  longitude: number;
  address?: string | null;
  notes?: string | null;
}

interface UpsertedRow {
  id: number;
  latitude: number;
  longitude: number;
  created_at: Date;
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
      rows = await this.db.query(
        `INSERT INTO "user_locations" ("user_id", "group_id", "latitude", "longitude", "address", "notes")
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ("group_id", "user_id") DO UPDATE SET
           "latitude" = EXCLUDED."latitude", "longitude" = EXCLUDED."longitude",
           "address" = EXCLUDED."address", "notes" = EXCLUDED."notes",
           "is_active" = true, "created_at" = EXCLUDED."created_at"
         RETURNING "id", "latitude", "longitude", "created_at"`,
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
    return view;
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

  /** 'near {town}, {region}, {country}' when the gazetteer knows a place close by, else the coordinates. */
  async placeName(latitude: number, longitude: number): Promise<string> {
    const place = await this.places.nearest(latitude, longitude, LOCATION_NEAREST_PLACE_MAX_KM);
    return place ? formatNearPlace(place) : formatCoordinates(latitude, longitude, GROUP_COORD_DECIMALS);
  }
}
