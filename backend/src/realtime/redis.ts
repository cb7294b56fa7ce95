import { Redis } from "ioredis";
import type { Logger } from "../logger.js";

/** How long start-up waits for Redis before serving without it (fan-out starts when Redis answers). */
const CONNECT_WAIT_MS = 5_000;
const READY_CHECK_MS = 1_000;
/** Reconnect forever, backing off to one attempt every 2 s. */
const retryStrategy = (attempt: number) => Math.min(attempt * 100, 2_000);

export interface FanoutClients {
  /** Publisher: fails fast while Redis is away, and never rejects into the caller (see below). */
  pub: Redis;
  /** Subscriber: queues its SUBSCRIBE commands until Redis answers, and resubscribes after every reconnect. */
  sub: Redis;
  /** Whether events reach the other instances now (both connections up, resubscribed after any outage). */
  up(): boolean;
  /** Whether both connections are up and Redis answers now. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The two Redis connections of the Socket.IO adapter, made to survive Redis going away:
 * - the adapter publishes without awaiting, so a rejected PUBLISH would be an unhandled rejection that ends the
 *   process; here a failed publish is counted and dropped (local sockets still get the event from the adapter);
 * - the publisher has no offline queue, so events are not held in memory and delivered late in a burst, and it
 *   sends the commands of one turn of the event loop together;
 * - when both connections are back, `onResumed` runs once, after the resubscription has taken effect, so the
 *   caller can repair what the outage broke (evictions from other instances that never arrived, events its clients
 *   missed).
 */
export async function connectFanout(
  url: string,
  log: Logger,
  onDropped: () => void,
  onResumed: () => Promise<void>,
): Promise<FanoutClients> {
  // Auto-pipelining sends the commands issued in one turn of the event loop in one write: a batch of location
  // writes resolves in one turn, and its pushes then cost one socket write, not one each.
  const pub = new Redis(url, {
    enableOfflineQueue: false,
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    retryStrategy,
  });
  const sub = new Redis(url, { maxRetriesPerRequest: null, retryStrategy });

  let closing = false;
  let down = false;
  let dropped = 0;
  let lastError = "";
  const bothReady = () => pub.status === "ready" && sub.status === "ready";

  const publish = pub.publish.bind(pub);
  pub.publish = ((channel: string, message: string) =>
    publish(channel, message).catch(() => {
      dropped += 1;
      onDropped();
      return 0;
    })) as Redis["publish"];

  const lost = () => {
    if (closing || down) return;
    down = true;
    log.warn(
      { err: lastError || undefined },
      "Redis is unreachable: events reach only this instance's sockets until it returns",
    );
  };
  const resumed = () => {
    if (closing || !down || !bothReady()) return;
    // ioredis resubscribes right after "ready"; a PING on the same connection is answered only once Redis has
    // processed those SUBSCRIBE commands, so events published from now on reach this instance.
    setImmediate(() => {
      sub.ping().then(
        () => {
          if (closing || !down || !bothReady()) return;
          down = false;
          log.info({ droppedEvents: dropped }, "Redis is back: fan-out to the other instances resumed");
          dropped = 0;
          onResumed().catch((err: unknown) => log.error({ err }, "repairing after the Redis outage failed"));
        },
        () => {},
      );
    });
  };
  for (const client of [pub, sub]) {
    client.on("error", (err: Error) => {
      lastError = err.message;
      log.debug({ err }, "Redis connection error");
    });
    client.on("close", lost);
    client.on("ready", resumed);
  }

  const connected = await new Promise<boolean>((resolve) => {
    const settle = (ok: boolean) => {
      clearTimeout(timer);
      pub.off("ready", check);
      sub.off("ready", check);
      resolve(ok);
    };
    const check = () => {
      if (bothReady()) settle(true);
    };
    const timer = setTimeout(() => settle(false), CONNECT_WAIT_MS);
    pub.on("ready", check);
    sub.on("ready", check);
    check();
  });
  if (!connected) lost();

  return {
    pub,
    sub,
    up: () => !down && bothReady(),
    async ready() {
      if (!bothReady()) return false;
      const timeout = new Promise<false>((resolve) => setTimeout(resolve, READY_CHECK_MS, false).unref());
      return Promise.race([
        pub.ping().then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
    },
    async close() {
      closing = true;
      await Promise.all(
        [pub, sub].map((client) =>
          client.status === "ready"
            ? client.quit().then(
                () => {},
                () => client.disconnect(),
              )
            : client.disconnect(),
        ),
      );
    },
  };
}
