import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "@caravan/common";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";
import { AuthService } from "./auth.service.js";
import { PasswordHasher } from "./password-hasher.js";

/*
 * What a stranger can learn about which addresses have an account. Sign-up says so (409, the product's message), and
 * is held to RATE_LIMIT_SIGNUP per client address (docs/security.md). Sign-in must not: one message, and the same
 * password-hashing work, whether the address is known or not.
 */

let app: TestApp;
let known: BuiltUser;
beforeAll(async () => {
  app = await startTestApp();
  known = await buildUser(app);
});
afterAll(() => app?.close());

/** A hasher that records what it was asked to do. */
class CountingHasher extends PasswordHasher {
  readonly calls: Array<{ op: "hash" | "verify"; cost?: string }> = [];
  override hash(password: string) {
    this.calls.push({ op: "hash" });
    return super.hash(password);
  }
  override verify(hash: string, password: string) {
    // The cost part of an encoded argon2 hash: "$argon2id$v=19$m=1024,t=1,p=4$...".
    this.calls.push({ op: "verify", cost: hash.split("$")[3] });
    return super.verify(hash, password);
  }
}

const freshService = () => {
  const hasher = new CountingHasher(app.config.hashConcurrency, app.config.hashCost);
  return { hasher, auth: new AuthService(app.db, hasher) };
};

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "signed in",
    (err: { status?: number; message?: string }) => `${err.status} ${err.message}`,
  );

describe("what sign-in tells a stranger", () => {
  it("answers an unknown address and a wrong password with one message", async () => {
    const wrong = await app.client().post("/api/auth/signin", { email: known.user.email, password: "Wrongpass1" });
    const unknown = await app
      .client()
      .post("/api/auth/signin", { email: "nobody@example.com", password: "Wrongpass1" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: ERRORS.invalidCredentials });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it("does the same hashing work for both, whichever comes first after start", async () => {
    const unknownFirst = freshService();
    const a1 = await refusal(unknownFirst.auth.verifyCredentials("nobody@example.com", "Wrongpass1"));
    const afterUnknown = [...unknownFirst.hasher.calls];
    const a2 = await refusal(unknownFirst.auth.verifyCredentials(known.user.email, "Wrongpass1"));
    const afterKnown = unknownFirst.hasher.calls.slice(afterUnknown.length);

    const knownFirst = freshService();
    const b1 = await refusal(knownFirst.auth.verifyCredentials(known.user.email, "Wrongpass1"));
    const firstKnown = [...knownFirst.hasher.calls];
    const b2 = await refusal(knownFirst.auth.verifyCredentials("nobody@example.com", "Wrongpass1"));
    const thenUnknown = knownFirst.hasher.calls.slice(firstKnown.length);

    expect(new Set([a1, a2, b1, b2])).toEqual(new Set([`401 ${ERRORS.invalidCredentials}`]));
    // The first sign-in after start makes the stand-in hash whether its address is known or not; later ones only
    // verify one hash, made at the same cost.
    expect(afterUnknown.map((c) => c.op)).toEqual(firstKnown.map((c) => c.op));
    expect(afterKnown).toEqual(thenUnknown);
    expect(afterKnown).toHaveLength(1);
    expect(afterKnown[0]!.op).toBe("verify");
    const costs = [...afterUnknown, ...firstKnown].filter((c) => c.op === "verify").map((c) => c.cost);
    expect(new Set(costs).size).toBe(1);
  });
});

describe("what sign-up tells a stranger", () => {
  it("says an address is taken, as the product's sign-up form does", async () => {
    const res = await app.client().post("/api/auth/signup", {
      firstName: "Second",
      lastName: "Try",
      email: known.user.email,
      password: "Travel2026",
      confirmPassword: "Travel2026",
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ERRORS.emailTaken);
  });
});
