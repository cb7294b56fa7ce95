/**
 * Prometheus metrics of one node (prom-client). Each server gets its own registry: a node process runs one server,
 * so that is one registry per process, and tests that start several servers in one process keep them apart.
 * Every series carries a `node` label (NODE_NAME, by default host:port), so nodes scraped one by one stay apart in
 * Prometheus even when they run on one host behind one nginx. A node with several workers (WORKERS) answers for all
 * of them: counters, histograms and gauges are summed over its workers (cluster.ts).
 *
 * Labels are bounded: HTTP requests are counted by the router's route pattern (never the raw path, which holds ids
 * and tokens), method and status; events by their name from @caravan/common; rooms by kind.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { DataSource } from "typeorm";

/** What a route label says for requests that no router matched (the frontend's pages and assets, unknown paths). */
export const UNMATCHED_ROUTE = "(unmatched)";

export interface PoolStats {
  max: number;
  inUse: number;
  waiting: number;
}

/** Reads the numbers the realtime server knows only at collection time. */
export interface RealtimeStats {
  connections(): number;
  /** Socket memberships of group and share rooms, by kind. */
  subscriptions(): Record<"group" | "share", number>;
  /** null when no Redis is configured (one node, in-memory adapter). */
  fanoutUp(): boolean | null;
}

export class Metrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<"method" | "route" | "status">;
  readonly httpInFlight: Gauge;
  readonly eventsPublished: Counter<"event">;
  readonly eventsDelivered: Counter<"event">;
  readonly fanoutDropped: Counter;
  private realtime: RealtimeStats | null = null;
  /** In a cluster worker: the whole node's metrics, summed over its workers by the primary (cluster.ts). */
  private gather: (() => Promise<string>) | null = null;

  constructor(
    readonly node: string,
    pool: () => PoolStats | null,
  ) {
    const registers = [this.registry];
    this.registry.setDefaultLabels({ node });
    // Process CPU, memory, file descriptors, GC, and the event loop's lag (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 20 });

    this.httpDuration = new Histogram({
      name: "caravan_http_request_duration_seconds",
      help: "HTTP requests served by the app, by route pattern, method and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.httpInFlight = new Gauge({
      name: "caravan_http_requests_in_flight",
      help: "HTTP requests being served now",
      registers,
    });
    this.eventsPublished = new Counter({
      name: "caravan_realtime_events_published_total",
      help: "Real-time events this node published (to every node), by event",
      labelNames: ["event"],
      registers,
    });
    this.eventsDelivered = new Counter({
      name: "caravan_realtime_events_delivered_total",
      help: "Real-time events written to this node's sockets (one per receiving socket), by event",
      labelNames: ["event"],
      registers,
    });
    this.fanoutDropped = new Counter({
      name: "caravan_redis_events_dropped_total",
      help: "Events that could not be sent to the other nodes because Redis was unreachable",
      registers,
    });

    const realtime = () => this.realtime;
    new Gauge({
      name: "caravan_socketio_connections",
      help: "Socket.IO connections open on this node",
      registers,
      collect() {
        this.set(realtime()?.connections() ?? 0);
      },
    });
    new Gauge({
      name: "caravan_socketio_subscriptions",
      help: "Room subscriptions of this node's sockets, by room kind",
      labelNames: ["kind"],
      registers,
      collect() {
        const counts = realtime()?.subscriptions() ?? { group: 0, share: 0 };
        for (const [kind, n] of Object.entries(counts)) this.set({ kind }, n);
      },
    });
    const poolGauge = (name: string, help: string, read: (s: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          const stats = pool();
          if (stats) this.set(read(stats));
        },
      });
    poolGauge("caravan_db_pool_size", "Most database connections this node opens", (s) => s.max);
    poolGauge(
      "caravan_db_pool_in_use",
      "Database connections checked out by a query or transaction now",
      (s) => s.inUse,
    );
    poolGauge("caravan_db_pool_waiting", "Queries waiting for a free database connection", (s) => s.waiting);
  }

  attachRealtime(stats: RealtimeStats): void {
    this.realtime = stats;
    if (stats.fanoutUp() === null) return;
    new Gauge({
      name: "caravan_redis_adapter_up",
      help: "1 when events reach the other nodes through Redis, 0 while Redis is unreachable (absent without Redis)",
      registers: [this.registry],
      // Summed over a node's workers this would count them; the node is up only when every worker is.
      aggregator: "min",
      collect() {
        this.set(stats.fanoutUp() ? 1 : 0);
      },
    });
  }

  /** From now on render() answers for every worker of this node, not this process alone. */
  aggregateAcrossWorkers(gather: () => Promise<string>): void {
    this.gather = gather;
  }

  /** The text format Prometheus scrapes. */
  async render(): Promise<{ contentType: string; body: string }> {
    const body = this.gather ? await this.gather() : await this.registry.metrics();
    return { contentType: this.registry.contentType, body };
  }

  close(): void {
    this.registry.clear();
  }
}

/** The pg pool behind TypeORM's postgres driver: its size, checked-out connections and waiting queries. */
export function poolStatsOf(db: DataSource): () => PoolStats | null {
  return () => {
    const pool = (
      db.driver as {
        master?: { options?: { max?: number }; totalCount?: number; idleCount?: number; waitingCount?: number };
      }
    ).master;
    if (!pool || typeof pool.totalCount !== "number") return null;
    return {
      max: pool.options?.max ?? 0,
      inUse: pool.totalCount - (pool.idleCount ?? 0),
      waiting: pool.waitingCount ?? 0,
    };
  };
}
