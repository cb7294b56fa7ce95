import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { configureDataKey } from "../../db/crypto.js";
import { shareAuthorKey } from "./shared-trips.presenter.js";

describe("shareAuthorKey", () => {
  it("cannot be recomputed from the share token and an account id alone", () => {
    const token = randomBytes(32).toString("base64url");
    const userId = "7d3f4a52-2c4e-4c8e-9a55-0b1f0e4b8a11";
    configureDataKey(randomBytes(32));
    const first = shareAuthorKey(token, userId);
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(shareAuthorKey(token, userId)).toBe(first);
    expect(shareAuthorKey(randomBytes(32).toString("base64url"), userId)).not.toBe(first);
    // What a watcher could compute without the server's key.
    for (const guess of [`caravan-share-author\0${token}\0${userId}`, `${token}\0${userId}`]) {
      expect(createHash("sha256").update(guess).digest("base64url").slice(0, 22)).not.toBe(first);
    }
    configureDataKey(randomBytes(32));
    expect(shareAuthorKey(token, userId)).not.toBe(first);
  });
});
