import { pino, type Logger } from "pino";
import type { Config } from "./config.js";

export type { Logger };

export function createLogger(level: Config["logLevel"]): Logger {
  return pino({
    level,
    base: undefined,
    redact: { paths: ["req.headers.cookie", "password", "*.password", "*.hashedPassword"], remove: true },
  });
}
