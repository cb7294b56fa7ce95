import type http from "node:http";
import { Server, type Socket } from "socket.io";
import type { DataSource } from "typeorm";
import {
  MAX_SUBSCRIPTIONS_PER_SOCKET,
  RESYNC_EVENT,
  rooms,
  SUBSCRIBE_ERRORS,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayloads,
  type ServerToClientEvents,
  type SubscribeAck,
} from "@caravan/common";
import type { Config } from "../config.js";
import { securityHeaderList } from "../http/security.js";
import type { Logger } from "../logger.js";
import { isRevocation, type Grants, type Revocation } from "../access/grants.js";
import type { Metrics } from "../observability/metrics.js";
import { originAllowed, sessionDigest, sessionReader } from "./handshake.js";
import type { Realtime } from "./publisher.js";
import { redisChannel } from "./channel.js";
import { connectFanout, type FanoutClients } from "./redis.js";
import { roomRevalidator } from "./revalidate.js";
import { roomAwareRedisAdapter } from "./room-adapter.js";
import { parseSubscribeRequest, roomOf, subscriptionPolicy } from "./subscriptions.js";

/** Clients only send subscribe and unsubscribe requests: a few dozen bytes each. */
const MAX_CLIENT_MESSAGE_BYTES = 8_192;

interface SocketData {
  /** The signed-in user of the handshake; null for anonymous visitors (share rooms only). */
  userId: string | null;
  /** Names the room of the handshake's session, which logout disconnects. */
  sessionDigest: string | null;
  /** Subscriptions being checked, by room, each with its own number: an unsubscribe meanwhile cancels it. */
  pending: Map<string, number>;
}

/** What instances tell each other directly (Socket.IO's server-side events, carried by the adapter). */
interface InstanceEvents {
  revoke: (revocation: Revocation) => void;
}

type RealtimeIo = Server<ClientToServerEvents, ServerToClientEvents, InstanceEvents, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InstanceEvents, SocketData>;

export interface RealtimeServer extends Realtime {
  readonly io: RealtimeIo;
  /**
   * Closes this instance's connections without the Socket.IO disconnect packet, so clients treat it as a lost
   * transport and reconnect (through the load balancer, to another instance). Refuses new ones from then on.
   */
  disconnectClients(): void;
  /** Disconnects the clients if not done yet and closes the Redis connections. */
  close(): Promise<void>;
  /** Sends an event to this instance's sockets in `room` only, never failing the caller. */
  pushHere<E extends ServerEventName>(room: string, event: E, payload: ServerEventPayloads[E]): void;
  /**
   * A pub/sub channel to the other instances, named `name` under REDIS_PREFIX (channel.ts): `receive` gets their
   * messages; returns the sender. Absent without Redis (there are no other instances).
   */
  channel?(name: string, receive: (message: unknown) => void): (message: unknown) => void;
}

export interface RealtimeOptions {
  config: Config;
  db: DataSource;
  log: Logger;
  /** The session secret, then previous ones still accepted (see createApp). */
  sessionKeys: string[];
  metrics?: Metrics;
  /** Cached grants: the evictions and sign-outs below revoke them here and on the other instances. */
  grants?: Grants;
}

/** Announce the end of access: everyone in the room gets them, then the room is emptied. */
const ENDING_EVENTS = new Set<ServerEventName>(["group:deleted", "share:ended"]);
const groupOfRoom = (room: string): number | null => {
  const match = /^group:(\d+)$/.exec(room);
  return match ? Number(match[1]) : null;
};
const isGuardedRoom = (room: string) => room.startsWith("group:") || room.startsWith("share:");

const OK: SubscribeAck = { ok: true };
const refuse = (error: string): SubscribeAck => ({ ok: false, error });

/** Socket.IO on the app's HTTP server: handshake auth, the subscribe protocol, rooms, and the fan-out adapter. */
export async function attachRealtime(server: http.Server, options: RealtimeOptions): Promise<RealtimeServer> {
  const { config, db, log, sessionKeys, metrics, grants } = options;
  let shuttingDown = false;

  const io: RealtimeIo = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: MAX_CLIENT_MESSAGE_BYTES,
    allowRequest: (req, callback) => {
      if (shuttingDown) return callback("Server is shutting down", false);
      const allowed = originAllowed(req.headers, config.publicUrl);
      callback(allowed ? null : "Origin not allowed", allowed);
    },
  });

  // The engine answers its HTTP requests (handshake, polls, refusals) before Koa sees them: they get the same
  // security headers as every Koa response. A middleware runs for each of them, refusals included, which the
  // engine's `headers` event does not reach.
  const securityHeaders = securityHeaderList(config);
  io.engine.use((_req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    next();
  });

  const revalidate = roomRevalidator(db);
  const revalidateLocal = async (room: string) => revalidate(room, await io.local.in(room).fetchSockets());

  type Emit = (room: string, event: ServerEventName, payload: unknown) => void;
  const emit: Emit = (room, event, payload) => (io.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
  const emitHere: Emit = (room, event, payload) =>
    (io.local.to(room).emit as (e: string, p: unknown) => boolean)(event, payload);
  /** To this instance's sockets, never failing the caller (see publish). */
  const pushHere: Emit = (room, event, payload) => {
    try {
      emitHere(room, event, payload);
    } catch (err) {
      log.error({ err, room, event }, "publishing a real-time event failed");
    }
  };

  let fanout: FanoutClients | null = null;
  if (config.redisUrl) {
    fanout = await connectFanout(
      config.redisUrl,
      log,
      () => metrics?.fanoutDropped.inc(),
      async () => {
        // Evictions sent by other instances during the outage never arrived: check every room held here.
        grants?.clear();
        for (const room of [...io.of("/").adapter.rooms.keys()].filter(isGuardedRoom)) await revalidateLocal(room);
        io.local.emit(RESYNC_EVENT);
      },
    );
    io.adapter(roomAwareRedisAdapter(fanout.pub, fanout.sub, { key: `${config.redisPrefix}:socket.io` }));
    if (grants) {
      const clients = fanout;
      grants.broadcast = (revocation) => io.serverSideEmit("revoke", revocation);
      grants.revocationsArrive = () => clients.up();
      io.on("revoke", (revocation: unknown) => {
        if (isRevocation(revocation)) grants.apply(revocation);
      });
    }
  }

  /**
   * While Redis is away, evictions from other instances do not arrive, so each push first drops the sockets that
   * lost access (one query per push). Pushes to a room stay in order.
   */
  const checkedPushes = new Map<string, Promise<void>>();
  const publishChecked = (room: string, event: ServerEventName, payload: unknown, send: Emit) => {
    const push = (checkedPushes.get(room) ?? Promise.resolve())
      .then(async () => {
        if (ENDING_EVENTS.has(event)) {
          send(room, event, payload);
          await revalidateLocal(room);
        } else {
          await revalidateLocal(room);
          send(room, event, payload);
        }
      })
      .catch((err: unknown) => log.error({ err, room, event }, "publishing a real-time event failed"))
      .finally(() => {
        if (checkedPushes.get(room) === push) checkedPushes.delete(room);
      });
    checkedPushes.set(room, push);
  };

  const readSession = sessionReader(db, sessionKeys);
  io.use((socket, next) => {
    readSession(socket.request.headers.cookie).then(
      (session) => {
        socket.data.userId = session?.userId ?? null;
        socket.data.sessionDigest = session?.sessionDigest ?? null;
        socket.data.pending = new Map();
        next();
      },
      (err: unknown) => {
        log.warn({ err }, "socket handshake could not read the session");
        next(new Error(SUBSCRIBE_ERRORS.unavailable));
      },
    );
  });

  const authorize = subscriptionPolicy(db);
  let subscribeAttempts = 0;

  const subscribe = async (socket: RealtimeSocket, raw: unknown): Promise<SubscribeAck> => {
    const request = parseSubscribeRequest(raw);
    if (!request) return refuse(SUBSCRIBE_ERRORS.invalidRequest);
    const room = roomOf(request);
    if (socket.rooms.has(room)) return OK;
    if (followedRooms(socket) + socket.data.pending.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      return refuse(SUBSCRIBE_ERRORS.tooManyRooms);
    }
    const attempt = ++subscribeAttempts;
    socket.data.pending.set(room, attempt);
    try {
      const refusal = await authorize(socket.data.userId, request);
      if (refusal) return refuse(refusal);
      // Joining after the socket went away would leave a stale entry in the adapter.
      if (!socket.connected) return refuse(SUBSCRIBE_ERRORS.unavailable);
      // Unsubscribed (or subscribed again) while this was being checked: the later request decides.
      if (socket.data.pending.get(room) !== attempt) return OK;
      await socket.join(room);
      // Access may have ended between the check and the join, with its eviction already run: check again now that
      // the socket is in the room, so a later eviction or this check removes it.
      const late = await authorize(socket.data.userId, request);
      if (late) {
        await socket.leave(room);
        return refuse(late);
      }
      return OK;
    } finally {
      if (socket.data.pending.get(room) === attempt) socket.data.pending.delete(room);
    }
  };

  const unsubscribe = async (socket: RealtimeSocket, raw: unknown): Promise<SubscribeAck> => {
    const request = parseSubscribeRequest(raw);
    if (!request) return refuse(SUBSCRIBE_ERRORS.invalidRequest);
    const room = roomOf(request);
    socket.data.pending.delete(room);
    await socket.leave(room);
    return OK;
  };

  const answer = (socket: RealtimeSocket, work: Promise<SubscribeAck>, ack: unknown) => {
    work
      .catch((err: unknown) => {
        log.warn({ err, userId: socket.data.userId }, "socket subscription failed");
        return refuse(SUBSCRIBE_ERRORS.unavailable);
      })
      .then((result) => {
        if (typeof ack === "function") (ack as (a: SubscribeAck) => void)(result);
      });
  };

  io.on("connection", (socket) => {
    // Every event written to this socket, room broadcasts included (the adapter notifies outgoing listeners).
    if (metrics) socket.onAnyOutgoing((event: string) => metrics.eventsDelivered.inc({ event }));
    if (socket.data.userId) void socket.join(rooms.user(socket.data.userId));
    if (socket.data.sessionDigest) void socket.join(rooms.session(socket.data.sessionDigest));
    socket.on("subscribe", (raw: unknown, ack: unknown) => answer(socket, subscribe(socket, raw), ack));
    socket.on("unsubscribe", (raw: unknown, ack: unknown) => answer(socket, unsubscribe(socket, raw), ack));
  });

  /**
   * Applies a room operation here at once, then on the other instances. The Redis adapter only publishes these
   * requests and applies them here when Redis echoes them back, so without the local step a push made in between
   * (or one made while Redis is away) would still reach sockets whose access has ended.
   */
  const everywhere = (selector: string, operation: (target: ReturnType<RealtimeIo["in"]>) => void) => {
    operation(io.local.in(selector));
    if (fanout) operation(io.in(selector));
  };

  const disconnectClients = () => {
    if (shuttingDown) return;
    shuttingDown = true;
    io.engine.close();
  };

  const realtime: RealtimeServer = {
    io,
    publish(room, event, payload, options) {
      metrics?.eventsPublished.inc({ event });
      const send = options?.localOnly ? emitHere : emit;
      try {
        if (fanout && !fanout.up() && isGuardedRoom(room)) publishChecked(room, event, payload, send);
        else send(room, event, payload);
      } catch (err) {
        // The write this announces has committed: a failed push must not fail the request that made it.
        log.error({ err, room, event }, "publishing a real-time event failed");
      }
    },
    async evict(room, userId) {
      const groupId = groupOfRoom(room);
      if (groupId !== null) grants?.revoke({ kind: "membership", groupId, ...(userId ? { userId } : {}) });
      try {
        everywhere(userId ? rooms.user(userId) : room, (target) => target.socketsLeave(room));
      } catch (err) {
        log.error({ err, room }, "evicting sockets from a room failed");
      }
    },
    async endSession(sid) {
      grants?.revoke({ kind: "session", sid });
      try {
        everywhere(rooms.session(sessionDigest(sid)), (target) => target.disconnectSockets(true));
      } catch (err) {
        log.error({ err }, "disconnecting a signed-out session's sockets failed");
      }
    },
    async endUser(userId) {
      grants?.revoke({ kind: "user", userId });
      try {
        everywhere(rooms.user(userId), (target) => target.disconnectSockets(true));
      } catch (err) {
        log.error({ err }, "disconnecting a signed-out user's sockets failed");
      }
    },
    async watchers(room, exceptUserId) {
      const count = (sockets: Array<{ data: SocketData }>) =>
        sockets.filter((s) => s.data.userId !== exceptUserId).length;
      try {
        return count(await io.in(room).fetchSockets());
      } catch (err) {
        log.warn({ err, room }, "counting a room's sockets over every instance failed");
        return count(await io.local.in(room).fetchSockets());
      }
    },
    pushHere,
    disconnectClients,
    async close() {
      disconnectClients();
      await fanout?.close();
    },
  };
  if (fanout) {
    const clients = fanout;
    realtime.fanoutReady = () => clients.ready();
    realtime.fanoutUp = () => clients.up();
    realtime.channel = (name, receive) => redisChannel(clients, `${config.redisPrefix}:${name}`, receive);
  }
  metrics?.attachRealtime({
    connections: () => io.of("/").sockets.size,
    subscriptions() {
      const counts = { group: 0, share: 0 };
      for (const [room, members] of io.of("/").adapter.rooms) {
        if (room.startsWith("group:")) counts.group += members.size;
        else if (room.startsWith("share:")) counts.share += members.size;
      }
      return counts;
    },
    fanoutUp: () => (fanout ? fanout.up() : null),
  });
  return realtime;
}

/** The group and share rooms a socket follows (not its own id room or user room). */
function followedRooms(socket: RealtimeSocket): number {
  let n = 0;
  for (const room of socket.rooms) if (room.startsWith("group:") || room.startsWith("share:")) n += 1;
  return n;
}
