/**
 * Sign-in with Google in a real browser, against a real OAuth 2 / OpenID Connect server on loopback standing in for
 * Google's endpoints. The browser follows every redirect itself: app, provider, callback, dashboard.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AUTH_TEXTS, ERRORS, SHARE_TEXTS } from "@caravan/common";
import { startTestProvider, type TestProvider } from "../backend/test/oauth-provider.js";
import { E2E, signUpViaApi } from "./harness.js";

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

  it("says before a tap which providers are not set up on this server", async () => {
    const page = await e2e.newPage();
    await page.goto("/");
    await page.getByRole("button", { name: "Sign In", exact: true }).first().click();
    const note = page.getByTestId("providers-not-configured");
    await note.waitFor();
    expect(await note.innerText()).toBe(AUTH_TEXTS.providersNotConfigured(["Microsoft", "Yahoo"]));
    expect(await page.getByRole("link", { name: "Continue with Google" }).getAttribute("href")).toBe(
      "/api/auth/google",
    );
    for (const name of ["Continue with Microsoft", "Continue with Yahoo"]) {
      const button = page.getByRole("button", { name });
      expect(await button.isDisabled()).toBe(true);
      expect(await button.getAttribute("aria-describedby")).toBe(await note.getAttribute("id"));
    }
  });

  it("signs in from a shared trip and comes back to it, the unsent message kept", async () => {
    const sharer = await signUpViaApi(e2e, { firstName: "Maya", lastName: "Ramos" });
    const client = e2e.app.client();
    await client.post("/api/auth/signin", { email: sharer.email, password: sharer.password });
    const token = (await client.post("/api/shared-trips", { durationHours: 2 })).body.shareToken as string;
    const page = await e2e.newPage();
    await page.goto(`/shared/${token}`);
    const chat = page.getByTestId("share-chat");
    await chat.getByLabel("Message", { exact: true }).fill("Waving from the platform");
    await chat.getByRole("button", { name: SHARE_TEXTS.signInToChat }).click();
    const google = page.getByRole("link", { name: "Continue with Google" });
    expect(await google.getAttribute("href")).toBe(
      `/api/auth/google?returnTo=${encodeURIComponent(`/shared/${token}`)}`,
    );
    await google.click();
    await page.waitForURL((u) => u.pathname === `/shared/${token}` && u.search === "");
    // The chat's field and Send button are there for a signed-out watcher too: what tells the return apart is the
    // sign-in prompt leaving once the page knows who is signed in.
    await expect.poll(() => chat.getByTestId("chat-signin").count()).toBe(0);
    expect(await chat.getByLabel("Message", { exact: true }).inputValue()).toBe("Waving from the platform");
    await chat.getByRole("button", { name: "Send message" }).click();
    await chat.getByTestId("chat-message").filter({ hasText: "Waving from the platform" }).waitFor();
  });
});
