import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "@caravan/common";
import { startTestApp, type TestApp, type TestClient } from "../../test/harness.js";

/** An https deployment behind one proxy; the test's requests reach the node directly, over plain HTTP. */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: "https://trips.example.org", TRUST_PROXY: "true" });
});
afterAll(() => app?.close());

const VIA_TLS_PROXY = { "x-forwarded-proto": "https" };
const password = "Travel2026";
let seq = 0;

async function signUp(client: TestClient, headers: Record<string, string>) {
  seq += 1;
  const email = `secure${seq}@example.com`;
  const res = await client.post(
    "/api/auth/signup",
    { firstName: "Sam", lastName: "Secure", email, password, confirmPassword: password },
    headers,
  );
  return { res, email };
}

describe("an https PUBLIC_URL and a request that did not come over https", () => {
  it("answers sign-up and sign-in with 403 naming the proxy settings, never 500", async () => {
    const { res: signup } = await signUp(app.client(), {});
    expect(signup.status).toBe(403);
    expect(signup.body).toEqual({ message: ERRORS.notOverHttps });
    expect(ERRORS.notOverHttps).toMatch(/X-Forwarded-Proto/);
    expect(ERRORS.notOverHttps).toMatch(/TRUST_PROXY/);

    const { email } = await signUp(app.client(), VIA_TLS_PROXY);
    const signin = await app.client().post("/api/auth/signin", { email, password });
    expect(signin.status).toBe(403);
    expect(signin.body.message).toBe(ERRORS.notOverHttps);
    // A proxy that says the request was plain http is refused the same.
    const viaHttp = await app.client().post("/api/auth/signin", { email, password }, { "x-forwarded-proto": "http" });
    expect(viaHttp.status).toBe(403);
    expect(viaHttp.headers.getSetCookie()).toEqual([]);
  });

  it("answers sign-out, the OAuth start and a share link the same; health checks on the node still answer", async () => {
    const signedIn = app.client();
    const { email } = await signUp(signedIn, VIA_TLS_PROXY);
    expect((await signedIn.post("/api/auth/signin", { email, password }, VIA_TLS_PROXY)).status).toBe(200);
    for (const res of [
      await signedIn.post("/api/logout"),
      await signedIn.get("/api/logout", { "sec-fetch-site": "same-origin" }),
      await signedIn.get("/api/auth/user"),
      await app.client().get("/api/auth/google"),
      await app.client().get("/api/shared-trips/some-token"),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(ERRORS.notOverHttps);
    }
    // Nothing above signed the user out: through the proxy the session still holds.
    expect((await signedIn.get("/api/auth/user", VIA_TLS_PROXY)).status).toBe(200);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it("signs in through a proxy that sends X-Forwarded-Proto: https, with a Secure cookie", async () => {
    const client = app.client();
    const { res: signup, email } = await signUp(client, VIA_TLS_PROXY);
    expect(signup.status).toBe(201);
    const signin = await client.post("/api/auth/signin", { email, password }, VIA_TLS_PROXY);
    expect(signin.status).toBe(200);
    const cookies = signin.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) expect(cookie).toMatch(/;\s*secure/i);
    expect((await client.get("/api/auth/user", VIA_TLS_PROXY)).status).toBe(200);
    const logout = await client.post("/api/logout", {}, VIA_TLS_PROXY);
    expect(logout.status).toBe(204);
    expect((await client.get("/api/auth/user", VIA_TLS_PROXY)).status).toBe(401);
  });
});
