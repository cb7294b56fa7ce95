import type { Logger } from "../../logger.js";
import type { UploadsService } from "./uploads.service.js";

/** The first sweep waits a little after start, so a rolling restart does not list the bucket on every node at once. */
export const ORPHAN_SWEEP_FIRST_MS = 10 * 60_000;
export const ORPHAN_SWEEP_EVERY_MS = 6 * 60 * 60_000;

/**
 * Removes stored images that nothing names any more (UploadsService.sweepOrphans): those whose removal after a
 * deletion failed or was cut short. On every instance (removing is idempotent); timers are unref'd; the returned stop
 * function resolves once no run is in flight.
 */
export function startUploadJobs(services: { uploads: UploadsService; log: Logger }): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> | null = null;
  const sweep = () => {
    if (stopped || running) return;
    running = services.uploads
      .sweepOrphans()
      .then((removed) => {
        if (removed > 0) services.log.info({ removed }, "orphaned images removed");
      })
      .catch((err: unknown) => services.log.warn({ err }, "orphaned image sweep failed"))
      .finally(() => (running = null));
  };
  const first = setTimeout(sweep, ORPHAN_SWEEP_FIRST_MS);
  first.unref();
  const timer = setInterval(sweep, ORPHAN_SWEEP_EVERY_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
