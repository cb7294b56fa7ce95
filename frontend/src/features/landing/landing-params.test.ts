import { ERRORS } from "@caravan/common";
import { describe, expect, it } from "vitest";
import { readLandingParams } from "./landing-params";

describe("readLandingParams", () => {
  it("reads nothing from a plain visit", () => {
    expect(readLandingParams("")).toEqual({ openSignin: false, returnTo: null, authError: null });
  });

  it("opens sign-in and keeps a same-site returnTo from /api/login", () => {
    expect(readLandingParams("?signin=1&returnTo=%2Fgroups%2F4")).toEqual({
      openSignin: true,
      returnTo: "/groups/4",
      authError: null,
    });
  });

  it("drops a returnTo that leads off the site", () => {
    expect(readLandingParams("?signin=1&returnTo=%2F%2Fevil.example").returnTo).toBeNull();
  });

  it("words each provider failure for the provider that failed", () => {
    expect(readLandingParams("?authError=not_configured&provider=google").authError).toBe(
      ERRORS.oauthNotConfigured("Google"),
    );
    expect(readLandingParams("?authError=not_configured&provider=microsoft").authError).toBe(
      ERRORS.oauthNotConfigured("Microsoft"),
    );
    expect(readLandingParams("?authError=failed&provider=yahoo").authError).toBe(ERRORS.oauthFailed("Yahoo"));
    expect(readLandingParams("?authError=unverified&provider=google").authError).toBe(
      ERRORS.oauthEmailUnverified("Google"),
    );
  });

  it("shows nothing for an unknown error or provider", () => {
    expect(readLandingParams("?authError=weird&provider=google").authError).toBeNull();
    expect(readLandingParams("?authError=failed&provider=myspace").authError).toBeNull();
    expect(readLandingParams("?authError=failed").authError).toBeNull();
  });
});
