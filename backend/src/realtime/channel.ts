import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";

/**
 * A Redis pub/sub channel between the instances, for messages that are not Socket.IO events (the location bus:
 * features/locations/location-bus.ts). Sent with the Socket.IO adapter's `serverSideEmit`, each message also came
 * back to its sender, which decoded it in full before seeing it was its own. Here each message starts with its
 * sender's id, so an instance drops its own by comparing a few bytes, and the rest is JSON, which the others parse
 * natively.
 *
 * It uses the same two connections as the adapter, so a publisher's messages on both channels arrive in the order
 * sent, and ioredis subscribes again after a reconnection. Returns the sender; `receive` gets every other
 * instance's messages, parsed but not checked.
 */
export function redisChannel(
  clients: { pub: Redis; sub: Redis },
  channel: string,
  receive: (message: unknown) => void,
): (message: unknown) => void {
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
    receive(value);
  });
  return (message) => void clients.pub.publish(channel, origin + JSON.stringify(message));
}
