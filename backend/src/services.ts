import type { DataSource } from "typeorm";
import type { Config } from "./config.js";
import { AuthService } from "./features/auth/auth.service.js";
import { SigninThrottle } from "./features/auth/signin-throttle.js";
import { createMailer, type Mailer } from "./adapters/mail/mailer.js";
import { GazetteerGeocoder, type Geocoder } from "./adapters/geocoder/geocoder.js";
import { createStorage, type ObjectStorage } from "./adapters/storage/storage.js";
import { ChecklistsService } from "./features/checklists/checklists.service.js";
import { GroupsService } from "./features/groups/groups.service.js";
import { InvitesService } from "./features/invites/invites.service.js";
import { LocationsService } from "./features/locations/locations.service.js";
import { MessagesService } from "./features/messages/messages.service.js";
import { PlacesService } from "./features/places/places.service.js";
import { ProposalsService } from "./features/proposals/proposals.service.js";
import { SharedTripsService } from "./features/shared-trips/shared-trips.service.js";
import { UploadsService } from "./features/uploads/uploads.service.js";
import type { Logger } from "./logger.js";
import { detachedRealtime, type Realtime } from "./realtime/publisher.js";

/** Everything a request may need, built once per process and reached as ctx.services. */
export interface Services {
  config: Config;
  db: DataSource;
  log: Logger;
  auth: AuthService;
  signinThrottle: SigninThrottle;
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
}

export function createServices(config: Config, db: DataSource, log: Logger): Services {
  // Domain services hold this forwarder, so they publish through whichever implementation is attached now.
  const realtime: Realtime = {
    publish: (room, event, payload) => services.realtime.publish(room, event, payload),
    evict: (room, userId) => services.realtime.evict(room, userId),
  };
  const mailer = createMailer(config, log);
  const groups = new GroupsService(db, realtime);
  const geocoder = new GazetteerGeocoder();
  const storage = createStorage(config);
  const services: Services = {
    config,
    db,
    log,
    auth: new AuthService(db),
    signinThrottle: new SigninThrottle(),
    realtime: detachedRealtime,
    mailer,
    geocoder,
    storage,
    groups,
    invites: new InvitesService(db, config, mailer, realtime, log),
    messages: new MessagesService(db, realtime),
    checklists: new ChecklistsService(db, realtime),
    proposals: new ProposalsService(db, realtime, (group) => groups.announceUpdated(group)),
    locations: new LocationsService(db, realtime, geocoder),
    sharedTrips: new SharedTripsService(db, config, realtime, log),
    places: new PlacesService(geocoder),
    uploads: new UploadsService(db, storage, config.publicUrl, (group) => groups.announceUpdated(group), log),
  };
  return services;
}
