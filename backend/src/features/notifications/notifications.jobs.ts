import type { Logger } from "../../logger.js";
import type { NotificationsService } from "./notifications.service.js";

export const NOTIFICATION_PURGE_MS = 60 * 60_000;

/**
 * Deletes notifications past their retention, at start and then hourly, on every instance (the delete is
 * idempotent). The timer is unref'd; the returned stop function resolves once no run is in flight.
 */
export function startNotificationJobs(services: {
  notifications: NotificationsService;
  log: Logger;
}): () => Promise<void> {
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  const purge = () => {
    if (stopped) return;
    const run = services.notifications
      .purgeOld()
      .then((deleted) => {
        if (deleted > 0) services.log.info({ deleted }, "old notifications purged");
      })
      .catch((err: unknown) => services.log.warn({ err }, "notification retention sweep failed"))
      .finally(() => inFlight.delete(run));
    inFlight.add(run);
  };
  purge();
  const timer = setInterval(purge, NOTIFICATION_PURGE_MS);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await Promise.all(inFlight);
  };
}
