import type { Logger } from "../../logger.js";
import type { SharedTripsService } from "./shared-trips.service.js";

/** The expiry sweep sleeps until the next share expires, but never longer than this (shares created elsewhere). */
export const EXPIRY_SWEEP_MAX_MS = 30_000;
const EXPIRY_SWEEP_MIN_MS = 1_000;
export const RETENTION_SWEEP_MS = 10 * 60_000;

/**
 * Background work for shared trips, on every instance:
 * - ends shares that passed their expiry (share:ended, then the room is emptied); the conditional update in
 *   endExpired makes exactly one instance announce each share;
 * - deletes locations and messages once the retention period after a share's end has passed.
 * Both derive their work from the database on each run, so a restart loses nothing. Timers are unref'd.
 * `services` is read on every run, so a service swapped in later is the one used.
 * Returns a stop function that resolves once no run is in flight.
 */
export function startSharedTripJobs(services: { sharedTrips: SharedTripsService; log: Logger }): () => Promise<void> {
  let stopped = false;
  let expiryTimer: NodeJS.Timeout | undefined;
  const inFlight = new Set<Promise<void>>();
  const track = (run: () => Promise<void>) => {
    if (stopped) return;
    const p = run().finally(() => inFlight.delete(p));
    inFlight.add(p);
  };

  const sweepExpired = async () => {
    let delay = EXPIRY_SWEEP_MAX_MS;
    try {
      await services.sharedTrips.endExpired();
      const next = await services.sharedTrips.nextExpiry();
      if (next) delay = Math.min(delay, Math.max(EXPIRY_SWEEP_MIN_MS, next.getTime() - Date.now()));
    } catch (err) {
      services.log.warn({ err }, "shared trip expiry sweep failed");
    }
    if (stopped) return;
    expiryTimer = setTimeout(() => track(sweepExpired), delay);
    expiryTimer.unref();
  };

  const purge = async () => {
    try {
      const deleted = await services.sharedTrips.purgeEnded();
      if (deleted.locations + deleted.messages > 0) services.log.info(deleted, "ended shared trips purged");
    } catch (err) {
      services.log.warn({ err }, "shared trip retention sweep failed");
    }
  };

  track(sweepExpired);
  track(purge);
  const retentionTimer = setInterval(() => track(purge), RETENTION_SWEEP_MS);
  retentionTimer.unref();

  return async () => {
    stopped = true;
    clearTimeout(expiryTimer);
    clearInterval(retentionTimer);
    await Promise.all(inFlight);
  };
}
