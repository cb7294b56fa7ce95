import type { Query, QueryClient, QueryKey } from "@tanstack/react-query";
import {
  RESYNC_EVENT,
  SERVER_EVENTS,
  type ServerEventName,
  type ServerEventPayloads,
  type SubscribeAck,
  type SubscribeRequest,
} from "@caravan/common";
import { forgetEarlyReads } from "../api/early-reads";
import type { CaravanSocket } from "./socket";

export type RoomHandlers = { [E in ServerEventName]?: (payload: ServerEventPayloads[E]) => void };

/**
 * Whether an event belongs to the room a request names. The socket carries the events of every room it follows,
 * so a page following group 5 must not apply group 6's messages. Share events carry no token: a page follows one
 * share at a time.
 */
export function belongsTo(request: SubscribeRequest | null, event: ServerEventName, payload: unknown): boolean {
  if (!request) return true;
  const shareEvent = event.startsWith("share:");
  if ("shareToken" in request) return shareEvent;
  if (shareEvent) return false;
  const p = (payload ?? {}) as { groupId?: unknown; id?: unknown };
  const groupId = event === "group:updated" ? p.id : p.groupId;
  return groupId === undefined || groupId === request.groupId;
}

/** When each query's latest fetch started: data from a fetch that started before a subscription may lack its events. */
const fetchStarts = new WeakMap<Query, number>();
const tracked = new WeakSet<QueryClient>();

/** Starts recording fetch start times; call before subscribing, so every later fetch is known. */
export function trackFetchStarts(queryClient: QueryClient): void {
  if (tracked.has(queryClient)) return;
  tracked.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "fetch") fetchStarts.set(event.query, Date.now());
  });
}

/**
 * Refetches the active queries whose latest fetch started before `since` (restarting any still in flight): what
 * changed before the subscription took effect came without an event. A query is unknown only if it was fetched
 * before tracking began, and so before `since`. Fetches started after `since` are left alone, so several rooms
 * resubscribing after one reconnect cost one refetch per query. Queries marked EVENTLESS (api/query-keys.ts) are left alone too.
 */
export async function refetchOlderThan(queryClient: QueryClient, since: number): Promise<void> {
  // A read asked for as the app started may have been answered before `since`: none is used from now on.
  forgetEarlyReads();
  trackFetchStarts(queryClient);
  const older = (query: Query) => query.meta?.eventless !== true && (fetchStarts.get(query) ?? 0) < since;
  // A refetch would join a first fetch still in flight rather than restart it; cancel those first.
  await queryClient.cancelQueries({ predicate: (query) => older(query) && query.state.fetchStatus === "fetching" });
  await queryClient.invalidateQueries({ predicate: older, refetchType: "active" });
}

/** Reads asked again by applyOverReadsInFlight; never cancelled again, so a stream of events cannot starve them. */
const askedAgain = new WeakSet<Query>();
/** Of those, the ones an event arrived during: asked once more when they land. */
const overtaken = new WeakSet<Query>();

function askAgain(queryClient: QueryClient, query: Query): void {
  askedAgain.add(query);
  void queryClient.invalidateQueries({ predicate: (q) => q === query, refetchType: "active" }).then(() => {
    askedAgain.delete(query);
    if (overtaken.delete(query)) askAgain(queryClient, query);
  });
}

/**
 * Applies an event so that no read in flight undoes it. Such a read may have been answered before the change the
 * event announces, and would land after the event and put the old data back.
 *
 * Only the reads under `writes` (the query keys the room's handlers write) are concerned. Each is cancelled once (its
 * data as before it started, at once), the event is applied over that, and it is asked again. A read asked again is
 * not cancelled a second time: the event is applied at once, and the read is asked once more when it lands. So
 * however often events come, every read lands; while they keep coming, one read at a time follows them.
 */
export function applyOverReadsInFlight(queryClient: QueryClient, writes: readonly QueryKey[], apply: () => void): void {
  const cache = queryClient.getQueryCache();
  const inFlight = new Set(writes.flatMap((queryKey) => cache.findAll({ queryKey, fetchStatus: "fetching" })));
  const firstReads = [...inFlight].filter((query) => !askedAgain.has(query));
  for (const query of firstReads) void query.cancel({ revert: true });
  apply();
  for (const query of inFlight) if (askedAgain.has(query)) overtaken.add(query);
  for (const query of firstReads) askAgain(queryClient, query);
}

export interface RoomSubscriptionOptions {
  /** Read on every event, so the caller may swap handlers without resubscribing. */
  handlers(): RoomHandlers;
  /** Runs each event's handler; by default it simply calls it (use-room applies it over reads in flight). */
  applyEvent?(apply: () => void): void;
  /** Every subscribe answer, after each (re)connect. */
  onAck?(ack: SubscribeAck): void;
  /**
   * Called when events may have been missed before `since`: after each successful subscribe (with the time its
   * answer came: a read that started while the server was still checking access may have been served before the
   * socket joined the room, and an event between the two reached neither) and when the server asks its clients to
   * resync.
   */
  onMissed?(since: number): void;
}

/** How many live subscriptions of this tab want each room, so one leaving does not unsubscribe the others. */
const holders = new WeakMap<CaravanSocket, Map<string, number>>();
const keyOf = (request: SubscribeRequest) =>
  "groupId" in request ? `group:${request.groupId}` : `share:${request.shareToken}`;

/**
 * One page's interest in one room (or, with a null request, in the events of the user's own room), independent of
 * React: subscribes on every connect, hands the room's events to the handlers, unsubscribes when stopped.
 */
export class RoomSubscription {
  private stopped = false;
  private readonly listeners = new Map<string, (payload: unknown) => void>();

  constructor(
    private readonly socket: CaravanSocket,
    private readonly request: SubscribeRequest | null,
    private readonly options: RoomSubscriptionOptions,
  ) {}

  start(): this {
    for (const event of SERVER_EVENTS) {
      const listener = (payload: unknown) => {
        if (this.stopped || !belongsTo(this.request, event, payload)) return;
        const handler = this.options.handlers()[event] as ((p: unknown) => void) | undefined;
        if (!handler) return;
        if (this.options.applyEvent) this.options.applyEvent(() => handler(payload));
        else handler(payload);
      };
      this.listeners.set(event, listener);
      this.socket.on(event, listener as never);
    }
    this.socket.on(RESYNC_EVENT, this.resync);
    if (this.request) {
      const held = holders.get(this.socket) ?? new Map<string, number>();
      holders.set(this.socket, held);
      const key = keyOf(this.request);
      held.set(key, (held.get(key) ?? 0) + 1);
      this.socket.on("connect", this.join);
      if (this.socket.connected) this.join();
    }
    return this;
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    for (const [event, listener] of this.listeners) this.socket.off(event as ServerEventName, listener as never);
    this.socket.off(RESYNC_EVENT, this.resync);
    if (!this.request) return;
    this.socket.off("connect", this.join);
    const held = holders.get(this.socket)!;
    const key = keyOf(this.request);
    const left = (held.get(key) ?? 1) - 1;
    if (left > 0) {
      held.set(key, left);
      return;
    }
    held.delete(key);
    if (this.socket.connected) this.socket.emit("unsubscribe", this.request, () => {});
  }

  private readonly join = () => {
    this.socket.emit("subscribe", this.request!, (ack) => {
      if (this.stopped) return;
      this.options.onAck?.(ack);
      if (ack.ok) this.options.onMissed?.(Date.now());
    });
  };

  private readonly resync = () => {
    if (!this.stopped) this.options.onMissed?.(Date.now());
  };
}
