import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config.js";
import { grantSettings, MICROSOFT_CONSUMERS, toProviderProfile } from "./oauth.providers.js";

const client = { clientId: "id", clientSecret: "secret" };
const overridden = { ...client, authorizeUrl: "https://idp.example/authorize" };

describe("toProviderProfile", () => {
  const claims = {
    sub: "1",
    email: "Ada@Example.com",
    email_verified: true,
    given_name: "Ada",
    family_name: "Lovelace",
    picture: "https://lh3.example.com/a.png",
  };

  it("maps Google's OIDC userinfo claims", () => {
    expect(toProviderProfile("google", claims, client)).toEqual({
      email: "Ada@Example.com",
      emailVerified: true,
      firstName: "Ada",
      lastName: "Lovelace",
      picture: "https://lh3.example.com/a.png",
    });
  });

  it.each(["google", "yahoo"] as const)("%s: only an explicit email_verified true counts", (p) => {
    expect(toProviderProfile(p, { ...claims, email_verified: "true" }, client)!.emailVerified).toBe(true);
    expect(toProviderProfile(p, { ...claims, email_verified: false }, client)!.emailVerified).toBe(false);
    expect(toProviderProfile(p, { ...claims, email_verified: "false" }, client)!.emailVerified).toBe(false);
    const { email_verified: _, ...without } = claims;
    expect(toProviderProfile(p, without, client)!.emailVerified).toBe(false);
  });

  it("microsoft: a personal account's e-mail counts on the default consumers endpoints only", () => {
    const { email_verified: _, ...msa } = claims;
    expect(toProviderProfile("microsoft", msa, client)!.emailVerified).toBe(true);
    expect(toProviderProfile("microsoft", msa, overridden)!.emailVerified).toBe(false);
    expect(toProviderProfile("microsoft", { ...msa, email_verified: true }, overridden)!.emailVerified).toBe(true);
    expect(toProviderProfile("microsoft", { ...msa, email_verified: false }, client)!.emailVerified).toBe(false);
  });

  it("microsoft: drops the Graph picture URL, which needs the access token", () => {
    expect(toProviderProfile("microsoft", claims, client)!.picture).toBeNull();
  });

  it("treats a missing or malformed e-mail as unverified", () => {
    for (const email of [undefined, "", "   ", "not-an-email", 42, `${"a".repeat(250)}@example.com`]) {
      const p = toProviderProfile("google", { ...claims, email }, client)!;
      expect(p.emailVerified, String(email)).toBe(false);
    }
  });

  it("keeps names within the column limits and pictures to https URLs", () => {
    const p = toProviderProfile(
      "google",
      { ...claims, given_name: "x".repeat(80), family_name: "  ", picture: "http://insecure.example/a.png" },
      client,
    )!;
    expect(p.firstName).toHaveLength(50);
    expect(p.lastName).toBeNull();
    expect(p.picture).toBeNull();
    expect(toProviderProfile("google", { ...claims, picture: "javascript:alert(1)" }, client)!.picture).toBeNull();
  });

  it("rejects answers that are not a claims object", () => {
    for (const answer of [null, "text", [], { error: "invalid_token" }]) {
      expect(toProviderProfile("google", answer, client)).toBeNull();
    }
  });
});

describe("grantSettings", () => {
  const env = {
    PUBLIC_URL: "https://caravan.example/some/path",
    TRUST_PROXY: "true",
    GOOGLE_CLIENT_ID: "g-id",
    GOOGLE_CLIENT_SECRET: "g-secret",
    GOOGLE_PROFILE_URL: "https://idp.example/userinfo",
    MICROSOFT_CLIENT_ID: "m-id",
    MICROSOFT_CLIENT_SECRET: "m-secret",
  };

  it("uses the public origin, the /api/oauth prefix, state and nonce, and only configured providers", () => {
    const s = grantSettings(loadConfig(env));
    expect(s.defaults).toMatchObject({ origin: "https://caravan.example", prefix: "/api/oauth", transport: "state" });
    expect(Object.keys(s).sort()).toEqual(["defaults", "google", "microsoft"]);
    expect(s.google).toMatchObject({
      key: "g-id",
      secret: "g-secret",
      state: true,
      nonce: true,
      profile_url: "https://idp.example/userinfo",
    });
    expect(s.google).not.toHaveProperty("authorize_url");
  });

  it("sends Microsoft sign-ins to the personal-account endpoints unless overridden", () => {
    expect(grantSettings(loadConfig(env)).microsoft).toMatchObject({
      authorize_url: MICROSOFT_CONSUMERS.authorizeUrl,
      access_url: MICROSOFT_CONSUMERS.accessUrl,
    });
    const custom = grantSettings(loadConfig({ ...env, MICROSOFT_AUTHORIZE_URL: "https://idp.example/authorize" }));
    expect(custom.microsoft).toMatchObject({ authorize_url: "https://idp.example/authorize" });
  });
});
