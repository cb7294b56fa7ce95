import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { redisChannel } from "./channel.js";

const url = process.env.TEST_REDIS_URL;
const connections: Redis[] = [];
afterAll(async () => {
  await Promise.all(connections.map((c) => c.quit()));
});

/** An instance's two connections, as the fan-out opens them, and what its channel applied. */
function instance(channel: string) {
  const pub = new Redis(url!);
  const sub = new Redis(url!);
  connections.push(pub, sub);
  const applied: unknown[] = [];
  const send = redisChannel({ pub, sub }, channel, (r) => applied.push(r));
  return { pub, sub, applied, send };
}

const changed = (groupId: number) => ({
  kind: "locations",
  groupIds: [groupId],
  locations: [
    {
      id: 1,
      groupId,
      userId: "u1",
      latitude: 59.91,
      longitude: 10.75,
      address: "near Oslo",
      notes: null,
      createdAt: "2026-11-29T10:00:00.000Z",
      user: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", profileImageUrl: null },
    },
  ],
});

describe.skipIf(!url)("a pub/sub channel between instances", () => {
  it("reach every other instance, in the order sent, and not their sender", async () => {
    const channel = `caravan-test-${randomBytes(6).toString("hex")}:locations`;
    const a = instance(channel);
    const b = instance(channel);
    const c = instance(channel);
    // Subscribed once a PING on the same connection is answered.
    await Promise.all([a.sub, b.sub, c.sub].map((s) => s.ping()));

    a.send(changed(1));
    a.send(changed(2));
    b.send(changed(3));
    await expect.poll(() => c.applied.length).toBe(3);
    await expect.poll(() => b.applied.length).toBe(2);
    await expect.poll(() => a.applied.length).toBe(1);
    expect(c.applied.filter((r) => (r as { groupIds: number[] }).groupIds[0]! < 3)).toEqual([changed(1), changed(2)]);
    expect(b.applied).toEqual([changed(1), changed(2)]);
    expect(a.applied).toEqual([changed(3)]);
  });

  it("ignores what is not JSON, and other channels", async () => {
    const channel = `caravan-test-${randomBytes(6).toString("hex")}:locations`;
    const b = instance(channel);
    await b.sub.ping();
    const other = new Redis(url!);
    connections.push(other);
    const origin = `${randomBytes(16).toString("hex")}\n`;
    await other.publish(channel, `${origin}not json`);
    await other.publish(`${channel}-elsewhere`, `${origin}${JSON.stringify(changed(4))}`);
    await other.publish(channel, `${origin}${JSON.stringify(changed(5))}`);
    await expect.poll(() => b.applied.length).toBe(1);
    await sleep(50);
    expect(b.applied).toEqual([changed(5)]);
  });
});
