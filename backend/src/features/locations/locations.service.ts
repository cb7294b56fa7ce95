import { LRUCache } from "lru-cache";
import type { DataSource } from "typeorm";
import {
  ERRORS,
  NOTIFICATION_TEXTS,
  rooms,
  type GroupLocation,
  type MemberArrivedEvent,
  type LocationRemovedEvent,
} from "@caravan/common";
import { nameOfPoint, type Geocoder } from "../../adapters/geocoder/geocoder.js";
import { encrypted, encryptText } from "../../db/crypto.js";
import { preparedQuery } from "../../db/prepared.js";
import type { User } from "../../db/entities/index.js";
import { forbidden, PG, pgCode } from "../../http/errors.js";
import type { Realtime } from "../../realtime/publisher.js";
import type { MessagesService } from "../messages/messages.service.js";
import { firstNameOf, placeOf } from "../../lib/notice-text.js";
import type { NotificationsService } from "../notifications/notifications.service.js";
import type { Grants } from "../../access/grants.js";
import { LocationBus } from "./location-bus.js";
import { LocationReads } from "./location-reads.js";
import { LocationWrites, type StoredLocation } from "./location-writes.js";
import { presentLocation } from "./locations.presenter.js";

export interface LocationInput {
  latitude: number;
  longitude: number;
  address?: string | null;
  notes?: string | null;
}

/** The member's fields a location shows, read in the same statement as the location (aliased `u`). */
const PERSON_COLUMNS = `u."first_name", u."last_name", u."email", u."profile_image_url"`;

interface PersonColumns {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  profile_image_url: string | null;
}

type Person = Pick<User, "id" | "firstName" | "lastName" | "email" | "profileImageUrl">;

const personOf = (id: string, row: PersonColumns): Person => ({
  id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  profileImageUrl: row.profile_image_url,
});

interface LocationWithPerson extends PersonColumns {
  id: number;
  user_id: string;
  latitude: number;
  longitude: number;
  address: string | null;
  notes: string | null;
  created_at: Date;
}

/**
 * Group location sharing. Each member has at most one location per group, replaced by every update: the read
 * costs O(members) however often they post, and no trail is kept (the privacy note says so).
 */
export class LocationsService {
  /** Stored locations to the cached reads and the sockets of every instance (connected by the server to Redis). */
  readonly bus: LocationBus;
  private readonly writes: LocationWrites;
  private readonly reads: LocationReads;
  /**
   * The stored (encrypted) form of the place names this instance gave to locations that came without an address,
   * by name. A traveller's device posts every few seconds from near the same town, and encrypting the same name
   * again cost about a tenth of a write. Rows named after the same town then hold the same ciphertext, which tells
   * a reader of the database only what the row's plain coordinates already tell: the name is computed from them.
   * An address the member typed is encrypted afresh every time.
   */
  private readonly placeNames = new LRUCache<string, string>({ max: 2_000 });

  constructor(
    private readonly db: DataSource,
    private readonly realtime: Realtime,
    private readonly places: Pick<Geocoder, "nearest">,
    private readonly arrivals: { messages: MessagesService; notifications: NotificationsService },
    grants: Grants | null = null,
  ) {
    this.writes = new LocationWrites(db);
    this.bus = new LocationBus();
    this.reads = new LocationReads(this.bus, grants);
  }

  /** The group read as the JSON it answers with, cached for a moment (location-reads.ts). */
  listJson(groupId: number): Promise<string> {
    return this.reads.read(groupId, () => this.list(groupId));
  }

  /** One statement, no entity hydration: read by every member every few seconds while the socket is down. */
  async list(groupId: number): Promise<GroupLocation[]> {
    const rows = await preparedQuery<LocationWithPerson>(
      this.db,
      "caravan_group_locations",
      `SELECT l."id", l."user_id", l."latitude", l."longitude", l."address", l."notes", l."created_at",
              ${PERSON_COLUMNS}
         FROM "user_locations" l JOIN "users" u ON u."id" = l."user_id"
        WHERE l."group_id" = $1
        ORDER BY l."id"`,
      [groupId],
    );
    return rows.map((row) =>
      presentLocation(
        {
          id: row.id,
          groupId,
          userId: row.user_id,
          latitude: row.latitude,
          longitude: row.longitude,
          address: encrypted.from(row.address) as string | null,
          notes: encrypted.from(row.notes) as string | null,
          createdAt: row.created_at,
        },
        personOf(row.user_id, row),
      ),
    );
  }

  /** Stores the member's current location in one statement, then tells the group. */
  async update(groupId: number, userId: string, input: LocationInput): Promise<GroupLocation> {
    const address = input.address || (await this.placeName(input.latitude, input.longitude));
    const notes = input.notes || null;
    let row: StoredLocation | null;
    try {
      row = await this.writes.write({
        userId,
        groupId,
        latitude: input.latitude,
        longitude: input.longitude,
        address: input.address ? encryptText(address) : this.storedPlaceName(address),
        notes: encrypted.to(notes) as string | null,
      });
    } catch (err) {
      // The membership ended between the access check and the write: the location must not outlive it.
      if (pgCode(err) === PG.foreignKeyViolation) throw forbidden(ERRORS.notGroupMember);
      throw err;
    }
    // Not written: the membership (or the account) ended while this was on its way.
    if (!row) throw forbidden(ERRORS.notGroupMember);
    const member = personOf(userId, row);
    const view = presentLocation(
      {
        id: row.id,
        groupId,
        userId,
        latitude: row.latitude,
        longitude: row.longitude,
        address,
        notes,
        createdAt: row.created_at,
      },
      member,
    );
    this.reads.stored(view);
    // With other instances, the bus message stored() sends them carries the location to their sockets: a message of
    // its own per write on the Socket.IO adapter cost about a sixth of a write's CPU (docs/decisions/0016-hot-path.md).
    this.realtime.publish(rooms.group(groupId), "location:updated", view, { localOnly: this.bus.reachesOthers });
    await this.announceArrival(groupId, member, row);
    return view;
  }

  /** Every location source comes through update(), so every source raises arrivals. */
  private async announceArrival(groupId: number, member: Person, row: StoredLocation): Promise<void> {
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
    this.reads.removed(groupId);
    const removal: LocationRemovedEvent = { groupId, userId, removed: true };
    this.realtime.publish(rooms.group(groupId), "location:updated", removal);
  }

  private storedPlaceName(name: string): string {
    let stored = this.placeNames.get(name);
    if (stored === undefined) this.placeNames.set(name, (stored = encryptText(name)));
    return stored;
  }

  placeName(latitude: number, longitude: number): Promise<string> {
    return nameOfPoint(this.places, latitude, longitude);
  }
}
