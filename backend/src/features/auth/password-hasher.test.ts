import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { belowRecommendedCost, PasswordHasher } from "./password-hasher.js";

const LOW = { memoryMib: 1, passes: 1 };

describe("PasswordHasher", () => {
  it("runs at most its concurrency of hashes at once and queues the rest", { timeout: 60_000 }, async () => {
    const hasher = new PasswordHasher(2, LOW);
    const gate = (hasher as unknown as { gate: { activeCount: number } }).gate;
    let most = 0;
    const sample = setInterval(() => (most = Math.max(most, gate.activeCount)), 1);
    const jobs = Array.from({ length: 4 }, (_, i) => hasher.hash(`Password${i}`));
    expect(hasher.load).toBe(4);
    const hashes = await Promise.all(jobs);
    clearInterval(sample);
    expect(most).toBe(2);
    expect(await hasher.verify(hashes[3]!, "Password3")).toBe(true);
    expect(await hasher.verify(hashes[3]!, "Password4")).toBe(false);
    expect(await hasher.verify("not a hash", "x")).toBe(false);
  });

  it(
    "hashes with argon2id at argon2's own cost unless told otherwise: 64 MiB, 3 passes, 4 lanes",
    { timeout: 60_000 },
    async () => {
      const hasher = new PasswordHasher(1, loadConfig({}, "/srv").hashCost);
      expect(await hasher.hash("Travel2026")).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    },
  );

  it("keeps verifying a password hashed at another cost once the cost has changed", { timeout: 60_000 }, async () => {
    const before = await new PasswordHasher(1, { memoryMib: 19, passes: 2 }).hash("Travel2026");
    expect(before).toMatch(/\$m=19456,p=4,t=2\$/);
    const after = new PasswordHasher(1, LOW);
    expect(await after.verify(before, "Travel2026")).toBe(true);
    expect(await after.verify(before, "Travel2027")).toBe(false);
  });

  it("tells a hash made with less memory or fewer passes than its cost from one made at it or above", async () => {
    const hasher = new PasswordHasher(1, { memoryMib: 19, passes: 2 });
    const at = (memoryMib: number, passes: number) => new PasswordHasher(1, { memoryMib, passes }).hash("Travel2026");
    expect(hasher.isWeakerThanCost(await at(1, 2))).toBe(true);
    expect(hasher.isWeakerThanCost(await at(19, 1))).toBe(true);
    expect(hasher.isWeakerThanCost(await at(19, 2))).toBe(false);
    expect(hasher.isWeakerThanCost(await at(20, 3))).toBe(false);
    expect(hasher.isWeakerThanCost("$argon2id$v=19$m=1024,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2g")).toBe(true);
    expect(hasher.isWeakerThanCost("$2b$10$notargon2notargon2notargon2notargon2notargon2notarg")).toBe(false);
    expect(hasher.isWeakerThanCost("not a hash")).toBe(false);
  });

  it("tells a cost below OWASP's least recommended one (19 MiB, 2 passes)", () => {
    expect(belowRecommendedCost({ memoryMib: 64, passes: 3 })).toBe(false);
    expect(belowRecommendedCost({ memoryMib: 19, passes: 2 })).toBe(false);
    expect(belowRecommendedCost({ memoryMib: 18, passes: 3 })).toBe(true);
    expect(belowRecommendedCost({ memoryMib: 64, passes: 1 })).toBe(true);
  });
});
