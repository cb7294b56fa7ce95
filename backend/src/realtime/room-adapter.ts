import { RedisAdapter, type RedisAdapterOptions } from "@socket.io/redis-adapter";
import type { Namespace } from "socket.io";

type BroadcastOptions = Parameters<RedisAdapter["broadcast"]>[1];

/**
 * The Redis adapter of Socket.IO, except that a broadcast none of this instance's sockets would receive is only
 * published (or, if meant for this instance's sockets only, dropped). The adapter's own `broadcast` publishes the
 * packet to the other instances and then, in its in-memory base, encodes it for the local sockets before it looks
 * for any: for a group whose members are all connected elsewhere, or not at all (trackers posting while nobody
 * watches), that encoding was about 3 % of a location write's CPU. What is published is exactly what the adapter
 * publishes, on the channel it publishes on, so instances of an earlier release receive it alike during a rolling
 * restart.
 */
export class RoomAwareRedisAdapter extends RedisAdapter {
  /** The adapter's broadcast channel (its own field is private): `{key}#{namespace}#`. */
  private readonly broadcastChannel: string;

  constructor(nsp: Namespace, pubClient: unknown, subClient: unknown, opts: Partial<RedisAdapterOptions> = {}) {
    super(nsp, pubClient, subClient, opts);
    this.broadcastChannel = `${opts.key || "socket.io"}#${nsp.name}#`;
  }

  override broadcast(packet: { nsp?: string }, opts: BroadcastOptions): void {
    if (this.reachesSocketsHere(opts)) {
      super.broadcast(packet, opts);
      return;
    }
    // Meant for this instance's sockets only (`io.local`), and none of them is in its rooms: nothing to do.
    if (opts.flags?.local) return;
    // As RedisAdapter.broadcast publishes, without the local part that would find nobody.
    packet.nsp = this.nsp.name;
    const rawOpts = { rooms: [...opts.rooms], except: [...new Set(opts.except)], flags: opts.flags };
    const channel =
      opts.rooms.size === 1
        ? `${this.broadcastChannel}${String(opts.rooms.values().next().value)}#`
        : this.broadcastChannel;
    (this.pubClient as { publish(channel: string, message: unknown): unknown }).publish(
      channel,
      this.parser.encode([this.uid, packet, rawOpts]),
    );
  }

  /** Whether a socket of this instance is in one of the rooms (or, with none named, connected at all). */
  private reachesSocketsHere(opts: BroadcastOptions): boolean {
    if (opts.rooms.size === 0) return this.sids.size > 0;
    for (const room of opts.rooms) if (this.rooms.has(room)) return true;
    return false;
  }
}

/** As `createAdapter` of @socket.io/redis-adapter, with the adapter above. */
export function roomAwareRedisAdapter(pubClient: unknown, subClient: unknown, opts: Partial<RedisAdapterOptions>) {
  return function (nsp: Namespace) {
    return new RoomAwareRedisAdapter(nsp, pubClient, subClient, opts);
  };
}
