import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Coordinates } from "./geolocation";
import { createMoveSender, parseCoordinate, shouldSkipUpdate } from "./tracking";

describe("shouldSkipUpdate", () => {
  const last = { latitude: 45, longitude: 6 };
  it.each([
    [null, { latitude: 45, longitude: 6 }, false],
    [last, { latitude: 45, longitude: 6 }, true],
    [last, { latitude: 45.0001, longitude: 6 }, true],
    [last, { latitude: 45, longitude: 5.9999 }, true],
    [last, { latitude: 45.00009, longitude: 6.00009 }, true],
    [last, { latitude: 45.00011, longitude: 6 }, false],
    [last, { latitude: 45, longitude: 6.00011 }, false],
    [last, { latitude: 44.9998, longitude: 6.0002 }, false],
  ])("from %j to %j: skip %s", (from, to, skip) => expect(shouldSkipUpdate(from, to)).toBe(skip));
});

describe("parseCoordinate", () => {
  it.each([
    ["45.5", 45.5],
    ["-122.4194", -122.4194],
    ["", 0],
    ["abc", 0],
    ["-", 0],
    ["12abc", 12],
    ["Infinity", 0],
  ])("%j -> %s", (text, n) => expect(parseCoordinate(text)).toBe(n));
});

describe("createMoveSender", () => {
  const GAP = 1000;
  const at = (latitude: number): Coordinates => ({ latitude, longitude: 6 });
  let sent: Coordinates[];
  let answer: () => Promise<void>;
  const sender = () =>
    createMoveSender(
      (p) => {
        sent.push(p);
        return answer();
      },
      GAP,
      () => Date.now(),
    );
  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    answer = () => Promise.resolve();
  });
  afterEach(() => vi.useRealTimers());

  it("sends the first fix at once and a move as soon as the spacing allows, only the latest of those waiting", async () => {
    const s = sender();
    s.offer(at(45));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([at(45)]);
    s.offer(at(45.001));
    s.offer(at(45.002));
    await vi.advanceTimersByTimeAsync(GAP - 1);
    expect(sent).toEqual([at(45)]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([at(45), at(45.002)]);
    // Long after the last send, a move goes out at once.
    await vi.advanceTimersByTimeAsync(5000);
    s.offer(at(45.003));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([at(45), at(45.002), at(45.003)]);
  });

  it("sends nothing for a fix within the skip rule of the last one sent", async () => {
    const s = sender();
    s.offer(at(45));
    await vi.advanceTimersByTimeAsync(GAP * 3);
    for (let i = 0; i < 5; i++) {
      s.offer(at(45.00005));
      await vi.advanceTimersByTimeAsync(GAP * 2);
    }
    expect(sent).toEqual([at(45)]);
  });

  it("tries a position again after a failed send, and never two sends at once", async () => {
    let release: () => void = () => undefined;
    answer = () => new Promise((resolve) => (release = resolve));
    const s = sender();
    s.offer(at(45));
    await vi.advanceTimersByTimeAsync(GAP * 3);
    s.offer(at(45.001));
    await vi.advanceTimersByTimeAsync(GAP * 3);
    expect(sent).toEqual([at(45)]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([at(45), at(45.001)]);
    release();
    answer = () => Promise.reject(new Error("offline"));
    await vi.advanceTimersByTimeAsync(GAP);
    s.offer(at(45.002));
    await vi.advanceTimersByTimeAsync(0);
    answer = () => Promise.resolve();
    // The same place again: still a move from what was last sent.
    s.offer(at(45.002));
    await vi.advanceTimersByTimeAsync(GAP);
    expect(sent).toEqual([at(45), at(45.001), at(45.002), at(45.002)]);
  });

  it("sends nothing once stopped, not even a fix waiting for its turn", async () => {
    const s = sender();
    s.offer(at(45));
    await vi.advanceTimersByTimeAsync(0);
    s.offer(at(45.001));
    s.stop();
    await vi.advanceTimersByTimeAsync(GAP * 2);
    s.offer(at(45.002));
    await vi.advanceTimersByTimeAsync(GAP * 2);
    expect(sent).toEqual([at(45)]);
  });
});
