import type { ClientConfig } from "@caravan/common";
import type { DataSource } from "typeorm";
import { Access } from "./access/access.js";
import { Grants } from "./access/grants.js";
import type { Config } from "./config.js";
import { AccountService } from "./features/account/account.service.js";
import { AuthService } from "./features/auth/auth.service.js";
import { clientConfig } from "./features/auth/client-config.js";
import { PasswordHasher } from "./features/auth/password-hasher.js";
import { createMailer, type Mailer } from "./adapters/mail/mailer.js";
import { GazetteerGeocoder, type Geocoder } from "./adapters/geocoder/geocoder.js";
import { createStorage, type ObjectStorage } from "./adapters/storage/storage.js";
import { ChecklistsService } from "./features/checklists/checklists.service.js";
import { GroupsService } from "./features/groups/groups.service.js";
import { InvitesService } from "./features/invites/invites.service.js";
import { LocationsService } from "./features/locations/locations.service.js";
import { MessagesService } from "./features/messages/messages.service.js";
import { NotificationsService } from "./features/notifications/notifications.service.js";
import { PlacesService } from "./features/places/places.service.js";
import { ProposalsService } from "./features/proposals/proposals.service.js";
import { SharedTripsService } from "./features/shared-trips/shared-trips.service.js";
import { TrackersService } from "./features/trackers/trackers.service.js";
import { UploadsService } from "./features/uploads/uploads.service.js";
import { RateLimits } from "./http/rate-limits.js";
import type { Logger } from "./logger.js";
import { Metrics, poolStatsOf } from "./observability/metrics.js";
import { detachedRealtime, type Realtime } from "./realtime/publisher.js";

/** Everything a request may need, built once per process and reached as ctx.services. */
export interface Services {
  config: Config;
  db: DataSource;
  log: Logger;
  /** This node's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
  /** Set when the node has begun to shut down: /readyz then says so. */
  draining: boolean;
  /** Every rule about who may do what on a group, its children and shares (src/access). */
  access: Access;
  /** Sessions and memberships read recently, revoked on every instance when they end (src/access/grants.ts). */
  grants: Grants;
  auth: AuthService;
  /** The caller's own data: export and account deletion. */
  account: AccountService;
  /** Request limits per address and per account (RATE_LIMIT_* settings). */
  rateLimits: RateLimits;
  /** Replaced by the Socket.IO implementation when the server attaches it. */
  realtime: Realtime;
  mailer: Mailer;
  /** The offline gazetteer: destination search and naming locations. */
  geocoder: Geocoder;
  /** Uploaded cover images: DATA_DIR/uploads, or S3 when configured. */
  storage: ObjectStorage;
  groups: GroupsService;
  invites: InvitesService;
  messages: MessagesService;
  checklists: ChecklistsService;
  proposals: ProposalsService;
  locations: LocationsService;
  sharedTrips: SharedTripsService;
  places: PlacesService;
  uploads: UploadsService;
  notifications: NotificationsService;
  trackers: TrackersService;
  /** The server's settings for the browser: GET /api/config, and drawn into the pages the server renders. */
  clientConfig(): Promise<ClientConfig>;
}

export function createServices(config: Config, db: DataSource, log: Logger): Services {
  // Domain services hold this forwarder, so they publish through whichever implementation is attached now.
  const realtime: Realtime = {
    publish: (room, event, payload, options) => services.realtime.publish(room, event, payload, options),
    evict: (room, userId) => services.realtime.evict(room, userId),
    endUser: async (userId) => services.realtime.endUser?.(userId),
    watchers: async (room, exceptUserId) => (await services.realtime.watchers?.(room, exceptUserId)) ?? 0,
  };
  const mailer = createMailer(config, log);
  const notifications = new NotificationsService(db, realtime, log);
  const messages = new MessagesService(db, realtime);
  // Called once a deletion has committed; the uploads service is built below.
  const removeObjects = (keys: readonly string[]) => services.uploads.removeObjects(keys);
  const groups = new GroupsService(db, realtime, notifications, removeObjects);
  const geocoder = new GazetteerGeocoder();
  const storage = createStorage(config);
  const grants = new Grants();
  const locations = new LocationsService(db, realtime, geocoder, { messages, notifications }, grants);
  const sharedTrips = new SharedTripsService(db, config, realtime, log, geocoder, notifications);
  const auth = new AuthService(db, new PasswordHasher(config.hashConcurrency, config.hashCost), realtime);
  const services: Services = {
    config,
    db,
    log,
    metrics: new Metrics(config.nodeName, poolStatsOf(db)),
    draining: false,
    access: new Access(db, () => new Date(), grants),
    grants,
    auth,
    account: new AccountService(db, auth, realtime, log, (token) => sharedTrips.shareUrl(token), removeObjects),
    rateLimits: RateLimits.fromConfig(config),
    realtime: detachedRealtime,
    mailer,
    geocoder,
    storage,
    groups,
    invites: new InvitesService(db, config, mailer, realtime, log, notifications),
    messages,
    checklists: new ChecklistsService(db, realtime),
    proposals: new ProposalsService(db, realtime, (group) => groups.announceUpdated(group), notifications, geocoder),
    locations,
    sharedTrips,
    places: new PlacesService(geocoder),
    uploads: new UploadsService(db, storage, config.publicUrl, (group) => groups.announceUpdated(group), log),
    notifications,
    trackers: new TrackersService(db, config, locations, sharedTrips, log),
    clientConfig: () => clientConfig(config),
  };
  return services;
}
