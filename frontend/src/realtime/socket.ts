import { io, type Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "@caravan/common";
import { isOffline } from "../api/client";
import { setServerReachable } from "../offline/reachability";
import { useConnectionStore } from "./connection-store";

export type CaravanSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** After a refused handshake Socket.IO stops retrying on its own; the server may be restarting, so retry anyway. */
const HANDSHAKE_RETRY_MS = 5_000;

let socket: CaravanSocket | null = null;

/**
 * The tab's one socket, created on first use, to the page's own origin (the session cookie goes with it).
 * WebSocket only: behind a load balancer a WebSocket stays on one node by itself, and the pages poll their queries
 * while it is down, so HTTP long-polling would add nothing (see nginx.conf).
 */
export function getSocket(): CaravanSocket {
  if (socket) return socket;
  const created: CaravanSocket = io({
    transports: ["websocket"],
    withCredentials: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 5_000,
    // Opening the connection is a task of its own: the first page that follows a room asks for the socket as it
    // mounts, among every other section's first work.
    autoConnect: false,
  });
  if (!isOffline()) setTimeout(() => !created.active && !isOffline() && created.connect());
  const { setStatus } = useConnectionStore.getState();
  created.on("connect", () => {
    setStatus("connected");
    // The server is back (after a restart, a captive portal): the pages read from it again at once.
    setServerReachable(true);
  });
  created.on("disconnect", (reason) => {
    setStatus("reconnecting");
    // The server only disconnects a socket itself when told to; come back rather than stay offline.
    if (reason === "io server disconnect") created.connect();
  });
  created.on("connect_error", () => {
    setStatus("reconnecting");
    if (!created.active) setTimeout(() => !isOffline() && created.connect(), HANDSHAKE_RETRY_MS);
  });
  // While the browser is offline every attempt would fail (and log a failed connection): stop trying until it is
  // back. Connecting again subscribes the followed rooms again, which refetches what was shown (use-room.ts).
  window.addEventListener("offline", () => created.disconnect());
  window.addEventListener("online", () => {
    if (!created.active) created.connect();
  });
  socket = created;
  return created;
}

/**
 * Connects again with the cookies the browser holds now. The handshake decides who the socket belongs to, so call
 * this after signing in or out; the rooms followed are subscribed again on the new connection.
 */
export function reconnectSocket(): void {
  if (!socket) return;
  socket.disconnect();
  socket.connect();
}
