import { pino, type DestinationStream, type Logger } from "pino";
import type { Config } from "./config.js";

export type { Logger };

/**
 * One JSON object per line on stdout (pino): `level`, `time` (ms since the epoch), `node` (NODE_NAME, so lines of
 * several nodes can be merged), `msg`, and the fields of the event. The access line's fields are documented in
 * docs/ops/logs.md.
 */
export function createLogger(level: Config["logLevel"], node?: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: node ? { node } : undefined,
    redact: { paths: ["req.headers.cookie", "password", "*.password", "*.hashedPassword"], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}
