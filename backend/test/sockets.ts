/** Socket.IO clients for tests: a browser's socket, carrying the cookies of a signed-in TestClient. */
import { io, type Socket } from "socket.io-client";
import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayloads,
  ServerToClientEvents,
  SubscribeAck,
  SubscribeRequest,
} from "@caravan/common";
import type { TestClient } from "./harness.js";

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface SocketOptions {
  /** Whose session the handshake carries; anonymous without. */
  as?: TestClient;
  origin?: string;
  /** Off by default: most tests want a dropped connection to stay dropped. */
  reconnection?: boolean;
}

/** Opens a WebSocket-only socket (as the web client does) and resolves once connected. */
export function openSocket(baseUrl: string, options: SocketOptions = {}): Promise<TestSocket> {
  const socket = createSocket(baseUrl, options);
  return new Promise((resolve, reject) => {
    const connected = () => {
      socket.off("connect_error", failed);
      resolve(socket);
    };
    const failed = (err: Error) => {
      socket.off("connect", connected);
      socket.close();
      reject(err);
    };
    socket.once("connect", connected);
    socket.once("connect_error", failed);
  });
}

/** The socket without waiting for it to connect: for tests that expect the handshake to fail. */
export function createSocket(baseUrl: string, options: SocketOptions = {}): TestSocket {
  const headers: Record<string, string> = {};
  if (options.as?.cookies.size) headers.cookie = options.as.cookieHeader;
  if (options.origin) headers.origin = options.origin;
  return io(baseUrl, {
    transports: ["websocket"],
    forceNew: true,
    reconnection: options.reconnection ?? false,
    reconnectionDelay: 100,
    reconnectionDelayMax: 500,
    extraHeaders: headers,
  });
}

export const subscribe = (socket: TestSocket, request: unknown): Promise<SubscribeAck> =>
  socket.emitWithAck("subscribe", request as SubscribeRequest);

export const unsubscribe = (socket: TestSocket, request: unknown): Promise<SubscribeAck> =>
  socket.emitWithAck("unsubscribe", request as SubscribeRequest);

export interface Received {
  event: string;
  payload: unknown;
}

/**
 * Records every event a socket receives, in order, and lets a test wait for one. Absence is proved by order, not by
 * waiting: when a later event has arrived on the same connection, an earlier one that was coming would have too.
 */
export class EventLog {
  readonly events: Received[] = [];
  private waiters: Array<{ match: (e: Received) => boolean; resolve: (e: Received) => void }> = [];

  constructor(socket: TestSocket) {
    socket.onAny((event: string, payload: unknown) => {
      const received = { event, payload };
      this.events.push(received);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(received)) return true;
        w.resolve(received);
        return false;
      });
    });
  }

  of<E extends ServerEventName>(event: E): Array<ServerEventPayloads[E]> {
    return this.events.filter((e) => e.event === event).map((e) => e.payload as ServerEventPayloads[E]);
  }

  /** Resolves with the first event (already received or still to come) that matches. */
  waitFor<E extends ServerEventName | "resync">(
    event: E,
    match: (payload: E extends ServerEventName ? ServerEventPayloads[E] : undefined) => boolean = () => true,
  ): Promise<E extends ServerEventName ? ServerEventPayloads[E] : undefined> {
    type P = E extends ServerEventName ? ServerEventPayloads[E] : undefined;
    const test = (e: Received) => e.event === event && match(e.payload as P);
    const seen = this.events.find(test);
    if (seen) return Promise.resolve(seen.payload as P);
    return new Promise((resolve) => this.waiters.push({ match: test, resolve: (e) => resolve(e.payload as P) }));
  }
}

/** Resolves on the socket's next `event` (a reserved one such as "connect" or "disconnect" included). */
export function next(socket: TestSocket, event: "connect" | "disconnect" | "connect_error"): Promise<unknown> {
  return new Promise((resolve) => socket.once(event as "connect", ((arg: unknown) => resolve(arg)) as () => void));
}
