import type { DataSource } from "typeorm";
import type { Config } from "./config.js";
import { AuthService } from "./features/auth/auth.service.js";
import { SigninThrottle } from "./features/auth/signin-throttle.js";
import { createMailer, type Mailer } from "./adapters/mail/mailer.js";
import { ChecklistsService } from "./features/checklists/checklists.service.js";
import { InvitesService } from "./features/invites/invites.service.js";
import { MessagesService } from "./features/messages/messages.service.js";
import { ProposalsService } from "./features/proposals/proposals.service.js";
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
  invites: InvitesService;
  messages: MessagesService;
  checklists: ChecklistsService;
  proposals: ProposalsService;
}

export function createServices(config: Config, db: DataSource, log: Logger): Services {
  // Domain services hold this forwarder, so they publish through whichever implementation is attached now.
  const realtime: Realtime = {
    publish: (room, event, payload) => services.realtime.publish(room, event, payload),
    evict: (room, userId) => services.realtime.evict(room, userId),
  };
  const mailer = createMailer(config, log);
  const services: Services = {
    config,
    db,
    log,
    auth: new AuthService(db),
    signinThrottle: new SigninThrottle(),
    realtime: detachedRealtime,
    mailer,
    invites: new InvitesService(db, config, mailer, realtime, log),
    messages: new MessagesService(db, realtime),
    checklists: new ChecklistsService(db, realtime),
    proposals: new ProposalsService(db, realtime),
  };
  return services;
}
