/**
 * Sign-in with Google in a real browser, against a real OAuth 2 / OpenID Connect server on loopback standing in for
 * Google's endpoints. The browser follows every redirect itself: app, provider, callback, dashboard.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ERRORS } from "@caravan/common";
import { startTestProvider, type TestProvider } from "../backend/test/oauth-provider.js";
import { E2E } from "./harness.js";

let idp: TestProvider;
let e2e: E2E;

beforeAll(async () => {
  idp = await startTestProvider();
  e2e = await E2E.start(idp.env("GOOGLE"));
});
afterEach(async () => {
  await e2e?.endTest();
});
afterAll(async () => {
  await e2e?.close();
  await idp?.close();
});

let email: string;
beforeEach(() => {
  email = `explorer-${Math.random().toString(36).slice(2, 10)}@example.com`;
  idp.userinfo = { email, email_verified: true, given_name: "Ada", family_name: "Explorer" };
});

async function continueWithGoogle() {
  const page = await e2e.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Sign In", exact: true }).first().click();
  await page.getByRole("link", { name: "Continue with Google" }).click();
  return page;
}

describe("Continue with Google", () => {
  it("goes through the provider and lands on the dashboard signed in", async () => {
    const page = await continueWithGoogle();
    await page.getByRole("heading", { name: "Your Travel Groups" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await page.getByText("Welcome back, Ada!").waitFor();
    const me = await page.context().request.get("/api/auth/user");
    expect(me.status()).toBe(200);
    expect(await me.json()).toMatchObject({ email, provider: "google", firstName: "Ada" });
  });

  it("comes back to the landing page with the reason when the provider did not verify the e-mail", async () => {
    idp.userinfo.email_verified = false;
    const page = await continueWithGoogle();
    await page.getByText(ERRORS.oauthEmailUnverified("Google")).waitFor();
    expect((await page.context().request.get("/api/auth/user")).status()).toBe(401);
  });

  it("says in plain words when a provider is not set up on this server", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Sign In", exact: true }).first().click();
    await page.getByRole("link", { name: "Continue with Microsoft" }).click();
    await page.getByText(ERRORS.oauthNotConfigured("Microsoft")).waitFor();
    expect(new URL(page.url()).searchParams.get("authError")).toBe("not_configured");
  });
});
