import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../http/session-store.js";
import { buildUser, startTestApp, type TestApp, type TestClient } from "../../../test/harness.js";
import { openSocket } from "../../../test/sockets.js";
import { freePort, startTestProvider, type TestProvider } from "../../../test/oauth-provider.js";

let app: TestApp;
let idp: TestProvider;

beforeAll(async () => {
  idp = await startTestProvider();
  const port = await freePort();
  app = await startTestApp({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, ...idp.env("GOOGLE") });
});
afterAll(async () => {
  await app?.close();
  await idp?.close();
});

let seq = 0;
let email: string;
beforeEach(() => {
  seq += 1;
  email = `wanderer${seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  idp.userinfo = {
    email,
    email_verified: true,
    given_name: "Ada",
    family_name: "Wanderer",
    picture: "https://images.example.com/ada.png",
  };
});

interface Flow {
  /** Where the browser ends up on the app after the round trip (path and query). */
  landing: string;
  /** The query the app sent to the provider's authorize endpoint. */
  authorize: URLSearchParams;
  /** The session cookie just before the provider sent the browser back. */
  sidBeforeCallback: string | undefined;
}

/**
 * Walks a browser's path through the sign-in: the app's start URL, grant's redirect, the provider's authorize
 * endpoint (on the other host), the callback, and the final redirect back into the page.
 */
async function providerSignIn(
  client: TestClient,
  start = "/api/auth/google",
  tamperCallback?: (url: URL) => void,
): Promise<Flow> {
  let authorize = new URLSearchParams();
  let sidBeforeCallback: string | undefined;
  let res = await client.get(start);
  for (let hop = 0; hop < 10; hop += 1) {
    expect(res.status, `hop ${hop}`).toBe(302);
    const url = new URL(res.headers.get("location")!, app.config.publicUrl);
    if (url.origin === idp.url) {
      authorize = url.searchParams;
      res = await fetch(url, { redirect: "manual" }).then((r) => ({
        status: r.status,
        headers: r.headers,
        body: null,
      }));
      continue;
    }
    expect(url.origin).toBe(app.config.publicUrl);
    if (!url.pathname.startsWith("/api/")) return { landing: url.pathname + url.search, authorize, sidBeforeCallback };
    if (url.pathname.endsWith("/callback")) {
      sidBeforeCallback = client.cookies.get(SESSION_COOKIE);
      tamperCallback?.(url);
    }
    res = await client.get(url.pathname + url.search);
  }
  throw new Error("too many redirects");
}

const usersWith = async (address: string) =>
  (await app.db.query(`SELECT id, provider FROM users WHERE email = $1`, [address.toLowerCase()])) as Array<{
    id: string;
    provider: string;
  }>;

describe("provider not configured", () => {
  it.each(["microsoft", "yahoo"])("/api/auth/%s goes back to the page with authError=not_configured", async (p) => {
    const res = await app.client().get(`/api/auth/${p}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/?authError=not_configured&provider=${p}`);
    const grantRoute = await app.client().get(`/api/oauth/${p}`);
    expect(grantRoute.headers.get("location")).toBe(`/?authError=not_configured&provider=${p}`);
  });

  it("keeps a same-site page to come back to, and only that, when it sends the browser back", async () => {
    const back = await app.client().get(`/api/auth/yahoo?returnTo=${encodeURIComponent("/join/abc")}`);
    expect(back.headers.get("location")).toBe(
      `/?authError=not_configured&provider=yahoo&returnTo=${encodeURIComponent("/join/abc")}`,
    );
    const offSite = await app.client().get(`/api/auth/yahoo?returnTo=${encodeURIComponent("//evil.example")}`);
    expect(offSite.headers.get("location")).toBe("/?authError=not_configured&provider=yahoo");
  });

  it("lists only configured providers in /api/config", async () => {
    expect((await app.client().get("/api/config")).body.oauthProviders).toEqual(["google"]);
  });
});

describe("sign-in with Google through the authorization-code flow", () => {
  it("asks the provider for a code with state, nonce, OpenID scopes and the public callback URL", async () => {
    const { authorize } = await providerSignIn(app.client());
    expect(authorize.get("response_type")).toBe("code");
    expect(authorize.get("client_id")).toBe(idp.clientId);
    expect(authorize.get("redirect_uri")).toBe(`${app.config.publicUrl}/api/oauth/google/callback`);
    expect(authorize.get("scope")!.split(" ")).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(authorize.get("state")).toMatch(/^[0-9a-f]{40}$/);
    expect(authorize.get("nonce")).toMatch(/^[0-9a-f]{40}$/);
  });

  it("creates the user from the userinfo answer, with provider google, and signs in", async () => {
    const c = app.client();
    const flow = await providerSignIn(c);
    expect(flow.landing).toBe("/");
    const me = await c.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email,
      firstName: "Ada",
      lastName: "Wanderer",
      profileImageUrl: "https://images.example.com/ada.png",
      provider: "google",
    });
    expect(await usersWith(email)).toHaveLength(1);
  });

  it("a second sign-in finds the same user", async () => {
    const first = app.client();
    await providerSignIn(first);
    const firstId = (await first.get("/api/auth/user")).body.id;
    const second = app.client();
    await providerSignIn(second);
    expect((await second.get("/api/auth/user")).body.id).toBe(firstId);
    expect(await usersWith(email)).toHaveLength(1);
  });

  it("takes over an unproven e-mail/password account: the password stops working and its sessions end", async () => {
    // Someone signs up with the victim's address before the victim ever uses Caravan.
    const { client: attacker, user } = await buildUser(app, {
      email,
      password: "Attacker2026",
      firstName: "Mallory",
      lastName: "Planted",
    });
    const accountId = user.id;
    const attackerSocket = await openSocket(app.url, { as: attacker });
    const socketClosed = new Promise<string>((resolve) => attackerSocket.once("disconnect", resolve));

    const victim = app.client();
    idp.userinfo.email = email.toUpperCase();
    expect((await providerSignIn(victim)).landing).toBe("/");
    const me = (await victim.get("/api/auth/user")).body;
    expect(me.id).toBe(accountId);
    // The names the first person chose are replaced by the provider's.
    expect(me).toMatchObject({ provider: "google", firstName: "Ada", lastName: "Wanderer" });

    expect((await attacker.get("/api/auth/user")).status).toBe(401);
    expect(await socketClosed).toBe("io server disconnect");
    const again = await app.client().post("/api/auth/signin", { email, password: "Attacker2026" });
    expect(again.status).toBe(401);
    const [row] = (await app.db.query(`SELECT hashed_password, email_verified_at FROM users WHERE id = $1`, [
      accountId,
    ])) as Array<{ hashed_password: string | null; email_verified_at: Date | null }>;
    expect(row!.hashed_password).toBeNull();
    expect(row!.email_verified_at).not.toBeNull();
  });

  it("links a proven account as before: its other sessions stay signed in", async () => {
    const first = app.client();
    await providerSignIn(first);
    const firstId = (await first.get("/api/auth/user")).body.id;
    const second = app.client();
    await providerSignIn(second);
    expect((await second.get("/api/auth/user")).body.id).toBe(firstId);
    expect((await first.get("/api/auth/user")).status).toBe(200);
  });

  it("keeps an unproven account's own names when the provider gives none", async () => {
    const { user } = await buildUser(app, { email, firstName: "Grace", lastName: "Local" });
    delete idp.userinfo.given_name;
    delete idp.userinfo.family_name;
    const c = app.client();
    expect((await providerSignIn(c)).landing).toBe("/");
    expect((await c.get("/api/auth/user")).body).toMatchObject({ id: user.id, firstName: "Grace", lastName: "Local" });
    expect(await usersWith(email)).toEqual([{ id: user.id, provider: "google" }]);
  });

  it("rotates the session id at sign-in, and the pre-sign-in id signs nobody in", async () => {
    const c = app.client();
    const { sidBeforeCallback } = await providerSignIn(c);
    const after = c.cookies.get(SESSION_COOKIE);
    expect(sidBeforeCallback).toBeTruthy();
    expect(after).toBeTruthy();
    expect(after).not.toBe(sidBeforeCallback);
    expect((await c.get("/api/auth/user")).status).toBe(200);
    const planted = app.client();
    planted.cookies.set(SESSION_COOKIE, sidBeforeCallback!);
    expect((await planted.get("/api/auth/user")).status).toBe(401);
  });

  it("returns to a same-site returnTo after sign-in", async () => {
    const c = app.client();
    const target = "/groups/12?tab=chat";
    const flow = await providerSignIn(c, `/api/auth/google?returnTo=${encodeURIComponent(target)}`);
    expect(flow.landing).toBe(target);
    expect((await c.get("/api/auth/user")).status).toBe(200);
  });

  it("comes back to a shared trip's page from the provider", async () => {
    const c = app.client();
    const flow = await providerSignIn(c, `/api/auth/google?returnTo=${encodeURIComponent("/shared/tok_en-123")}`);
    expect(flow.landing).toBe("/shared/tok_en-123");
  });

  it.each(["https://evil.example/steal", "//evil.example/steal", "/\\evil.example", "/\t/evil.example"])(
    "ignores the off-site returnTo %s and lands on /",
    async (target) => {
      const flow = await providerSignIn(app.client(), `/api/auth/google?returnTo=${encodeURIComponent(target)}`);
      expect(flow.landing).toBe("/");
    },
  );
});

describe("refusals", () => {
  it("refuses an e-mail the provider did not verify: no user, not signed in", async () => {
    idp.userinfo.email_verified = false;
    const c = app.client();
    expect((await providerSignIn(c)).landing).toBe("/?authError=unverified&provider=google");
    expect((await c.get("/api/auth/user")).status).toBe(401);
    expect(await usersWith(email)).toHaveLength(0);
  });

  it("refuses when userinfo does not say the e-mail is verified", async () => {
    delete idp.userinfo.email_verified;
    expect((await providerSignIn(app.client())).landing).toBe("/?authError=unverified&provider=google");
    expect(await usersWith(email)).toHaveLength(0);
  });

  it("does not take an unverified e-mail over an existing account", async () => {
    const { user } = await buildUser(app, { email });
    idp.userinfo.email_verified = false;
    const c = app.client();
    expect((await providerSignIn(c)).landing).toBe("/?authError=unverified&provider=google");
    expect((await c.get("/api/auth/user")).status).toBe(401);
    expect(await usersWith(email)).toEqual([{ id: user.id, provider: "local" }]);
  });

  it("believes the userinfo endpoint, not claims in the id_token", async () => {
    idp.userinfo.email_verified = false;
    const onToken = (token: { payload: Record<string, unknown> }) => {
      token.payload.email = email;
      token.payload.email_verified = true;
    };
    idp.server.service.on("beforeTokenSigning", onToken);
    try {
      expect((await providerSignIn(app.client())).landing).toBe("/?authError=unverified&provider=google");
    } finally {
      idp.server.service.off("beforeTokenSigning", onToken);
    }
    expect(await usersWith(email)).toHaveLength(0);
  });

  it("fails a callback whose state was tampered with", async () => {
    const c = app.client();
    const flow = await providerSignIn(c, "/api/auth/google", (url) => url.searchParams.set("state", "0".repeat(40)));
    expect(flow.landing).toBe("/?authError=failed&provider=google");
    expect((await c.get("/api/auth/user")).status).toBe(401);
    expect(await usersWith(email)).toHaveLength(0);
  });

  it("fails a callback whose code was replayed after the flow finished", async () => {
    const c = app.client();
    let callback = "";
    await providerSignIn(c, "/api/auth/google", (url) => (callback = url.pathname + url.search));
    // Same browser, same session: only the finished flow's cleared state stands between the replay and a sign-in.
    const replay = await c.get(callback);
    expect(replay.headers.get("location")).toBe("/?authError=failed&provider=google");
  });

  it("fails when the user denies access at the provider", async () => {
    idp.server.service.once("beforeAuthorizeRedirect", ({ url }) => {
      url.searchParams.delete("code");
      url.searchParams.set("error", "access_denied");
    });
    const c = app.client();
    expect((await providerSignIn(c)).landing).toBe("/?authError=failed&provider=google");
    expect((await c.get("/api/auth/user")).status).toBe(401);
  });

  it("fails when the id_token was issued for another client", async () => {
    // Both tokens pass through this hook; only the id_token carries the client as its audience.
    const onToken = (token: { payload: Record<string, unknown> }) => {
      if (token.payload.aud === idp.clientId) token.payload.aud = "someone-else";
    };
    idp.server.service.on("beforeTokenSigning", onToken);
    try {
      expect((await providerSignIn(app.client())).landing).toBe("/?authError=failed&provider=google");
    } finally {
      idp.server.service.off("beforeTokenSigning", onToken);
    }
    expect(await usersWith(email)).toHaveLength(0);
  });

  it("fails when the token endpoint refuses the code", async () => {
    idp.server.service.once("beforeResponse", (response) => {
      response.statusCode = 400;
      response.body = { error: "invalid_grant" };
    });
    expect((await providerSignIn(app.client())).landing).toBe("/?authError=failed&provider=google");
    expect(await usersWith(email)).toHaveLength(0);
  });

  it("fails when the userinfo endpoint answers with an error", async () => {
    idp.server.service.once("beforeUserinfo", (response) => {
      response.statusCode = 500;
    });
    const c = app.client();
    expect((await providerSignIn(c)).landing).toBe("/?authError=failed&provider=google");
    expect((await c.get("/api/auth/user")).status).toBe(401);
  });

  it("fails a callback that arrives with no sign-in in progress", async () => {
    const res = await app.client().get("/api/oauth/google/callback?code=abc&state=def");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?authError=failed&provider=google");
  });
});
