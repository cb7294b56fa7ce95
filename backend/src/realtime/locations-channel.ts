import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { isRevocation, type Revocation } from "../access/grants.js";

type LocationsRevocation = Revocation & { kind: "locations" };

/**
 * The other instances' news of changed locations, on a Redis channel of its own. Every batch of location writes
 * tells the other instances which groups changed and carries the stored locations, so that their kept group reads
 * take them in (access/grants.ts) and their sockets in those groups get them (socket-server.ts): the writer pushes
 * a stored location to its own sockets only. Sent with the Socket.IO adapter's `serverSideEmit`, each message also
 * came back to its sender, which decoded it in full before seeing it was its own: a few per cent of a location
 * write's CPU. Here each message starts with its sender's id, so an instance drops its own by comparing a few bytes,
 * and the rest is JSON, which the others parse natively.
 *
 * Other revocations (sign-outs, removals) still go through `serverSideEmit`, which instances of an earlier release
 * understand too: during a rolling restart those reach every node. Changed locations from a node of this release do
 * not reach an older node's kept reads meanwhile (such a read is then as old as its lifetime at most, 20-30 s), nor,
 * since the writer stopped publishing them through the adapter, its sockets: they see those travellers move again
 * once their node is restarted and they resync. A newer node pushes an older writer's locations twice (from the
 * adapter and from this news), the same location each time.
 *
 * It uses the same two connections as the adapter, so a publisher's messages on both channels arrive in the order
 * sent, and ioredis subscribes again after a reconnection.
 */
export function locationsChannel(
  clients: { pub: Redis; sub: Redis },
  channel: string,
  apply: (revocation: LocationsRevocation) => void,
): (revocation: LocationsRevocation) => void {
  const origin = `${randomUUID()}\n`;
  const originBytes = Buffer.from(origin);
  const channelBytes = Buffer.from(channel);
  void clients.sub.subscribe(channel).catch(() => {
    // Only while Redis is away, and ioredis subscribes again when it returns.
  });
  clients.sub.on("messageBuffer", (from: Buffer, message: Buffer) => {
    if (!from.equals(channelBytes)) return;
    if (message.length >= originBytes.length && message.subarray(0, originBytes.length).equals(originBytes)) return;
    const newline = message.indexOf(0x0a);
    let value: unknown;
    try {
      value = JSON.parse(message.subarray(newline + 1).toString("utf8"));
    } catch {
      return;
    }
    if (isRevocation(value) && value.kind === "locations") apply(value);
  });
  return (revocation) => void clients.pub.publish(channel, origin + JSON.stringify(revocation));
}
