import type { Context } from "koa";
import { describe, expect, it } from "vitest";
import { ERRORS, GROUP_DESCRIPTION_MAX, INPUT_STRING_MAX, INPUT_TEXTS } from "@caravan/common";
import { HttpError } from "./errors.js";
import { inputGuard, inspect } from "./input-guard.js";

/** Runs the guard on a request with this query and body; the answer it refuses with, or "passed". */
async function guard(querystring: string, body: unknown = undefined): Promise<string> {
  const query = Object.fromEntries(new URLSearchParams(querystring));
  const ctx = { path: "/api/x", querystring, query, request: { body } } as unknown as Context;
  try {
    await inputGuard()(ctx, async () => {});
    return "passed";
  } catch (err) {
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(400);
    return (err as HttpError).message;
  }
}

describe("the input guard's length cap", () => {
  it("lets through the longest text any field takes, even written in emoji", () => {
    // Each counts as one character to the validators (a mountain and its emoji selector) and takes three UTF-16 units.
    const description = "🏔️".repeat(GROUP_DESCRIPTION_MAX);
    expect(description.length).toBeLessThanOrEqual(INPUT_STRING_MAX);
    expect(inspect({ name: "Alps", description })).toBeNull();
    expect(inspect({ text: "x".repeat(INPUT_STRING_MAX) })).toBeNull();
  });

  it("refuses a longer value or key anywhere in a body", () => {
    const long = "1".repeat(INPUT_STRING_MAX + 1);
    expect(inspect(long)).toBe(INPUT_TEXTS.valueTooLong);
    expect(inspect({ a: { b: [1, long] } })).toBe(INPUT_TEXTS.valueTooLong);
    expect(inspect({ [long]: 1 })).toBe(INPUT_TEXTS.valueTooLong);
    expect(inspect({ location: { coords: { latitude: `${"1".repeat(99_000)}x` } } })).toBe(INPUT_TEXTS.valueTooLong);
  });

  it("refuses it in a query string, value or key, as in a body", async () => {
    const long = "1".repeat(INPUT_STRING_MAX + 1);
    expect(await guard(`lat=${long}x&lon=1`)).toBe(INPUT_TEXTS.valueTooLong);
    expect(await guard(`${long}=1`)).toBe(INPUT_TEXTS.valueTooLong);
    expect(await guard("", { lat: long })).toBe(INPUT_TEXTS.valueTooLong);
    expect(await guard("lat=1&lon=2", { note: "hi" })).toBe("passed");
    expect(await guard("a=%00")).toBe(ERRORS.nulCharacter);
  });
});
