import type { DataSource } from "typeorm";
import type { Config } from "./config.js";
import { AuthService } from "./features/auth/auth.service.js";
import { SigninThrottle } from "./features/auth/signin-throttle.js";
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
}

export function createServices(config: Config, db: DataSource, log: Logger): Services {
  return { config, db, log, auth: new AuthService(db), signinThrottle: new SigninThrottle(), realtime: detachedRealtime };
}
