import { describe, expect, it } from "vitest";
import { PasswordHasher } from "./password-hasher.js";

describe("PasswordHasher", () => {
  it("runs at most its concurrency of hashes at once and queues the rest", { timeout: 60_000 }, async () => {
    const hasher = new PasswordHasher(2);
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
});
