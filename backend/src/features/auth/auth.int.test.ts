import argon2 from "argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS, VALIDATION } from "@caravan/common";
import { User } from "../../db/entities/index.js";
import { buildUser, startTestApp, type TestApp } from "../../../test/harness.js";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const signup = (over: Record<string, unknown> = {}) => ({
  firstName: "Maya",
  lastName: "Okafor",
  email: `maya-${Math.random().toString(36).slice(2)}@example.com`,
  password: "Roadtrip9",
  confirmPassword: "Roadtrip9",
  ...over,
});

describe("POST /api/auth/signup", () => {
  it("creates an account and answers with the whitelisted user, never a hash", async () => {
    const c = app.client();
    const res = await c.post("/api/auth/signup", signup({ email: "  Maya.Okafor@Example.COM " }));
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        "createdAt",
        "email",
        "firstName",
        "hasPassword",
        "id",
        "language",
        "lastName",
        "profileImageUrl",
        "provider",
      ].sort(),
    );
    expect(res.body).toMatchObject({ email: "maya.okafor@example.com", firstName: "Maya", provider: "local" });
    expect(JSON.stringify(res.body)).not.toContain("argon2");
    // Sign-up does not sign in: the dialog switches to sign-in (docs/product.md §4).
    expect((await c.get("/api/auth/user")).status).toBe(401);
  });

  it("stores an argon2id hash, not the password", async () => {
    const body = signup();
    await app.client().post("/api/auth/signup", body);
    const [row] = await app.db.query(`SELECT hashed_password FROM users WHERE email = $1`, [body.email]);
    expect(row.hashed_password).toMatch(/^\$argon2id\$/);
    expect(row.hashed_password).not.toContain(body.password);
  });

  it("refuses a second account for the same e-mail in any letter case", async () => {
    const body = signup();
    expect((await app.client().post("/api/auth/signup", body)).status).toBe(201);
    const again = await app.client().post("/api/auth/signup", signup({ email: body.email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: ERRORS.emailTaken });
  });

  it.each([
    [{ firstName: "" }, "firstName", VALIDATION.firstNameRequired],
    [{ firstName: "   " }, "firstName", VALIDATION.firstNameRequired],
    [{ firstName: "x".repeat(51) }, "firstName", VALIDATION.firstNameTooLong],
    [{ lastName: undefined }, "lastName", VALIDATION.lastNameRequired],
    [{ lastName: "y".repeat(51) }, "lastName", VALIDATION.lastNameTooLong],
    [{ email: "not-an-email" }, "email", VALIDATION.invalidEmail],
    [{ email: 42 }, "email", VALIDATION.invalidEmail],
    [{ password: "Ab1", confirmPassword: "Ab1" }, "password", VALIDATION.passwordTooShort],
    [{ password: "alllowercase1", confirmPassword: "alllowercase1" }, "password", VALIDATION.passwordComplexity],
    [{ password: "NoDigitsHere", confirmPassword: "NoDigitsHere" }, "password", VALIDATION.passwordComplexity],
    [{ confirmPassword: "Roadtrip8" }, "confirmPassword", VALIDATION.passwordsDontMatch],
  ])("400 for %j with the product's message on %s", async (over, field, message) => {
    const res = await app.client().post("/api/auth/signup", signup(over));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors[field]).toBe(message);
  });

  it("answers 400, not 500, to a body that is not a JSON object", async () => {
    const c = app.client();
    for (const body of ["[]", '"text"', "null", "{not json"]) {
      const res = await c.request("POST", "/api/auth/signup", body);
      expect(res.status, body).toBe(400);
      expect(typeof res.body.message).toBe("string");
    }
  });

  it("answers 413 to a body over the limit", async () => {
    const res = await app.client().post("/api/auth/signup", signup({ firstName: "x".repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: ERRORS.payloadTooLarge });
  });
});

describe("sign-in and the session", () => {
  it("hashes a password again at the current cost as its user signs in, if it was stored at a lower one", async () => {
    const body = signup();
    await app.client().post("/api/auth/signup", body);
    const stored = async (): Promise<string> =>
      (
        (await app.db.query(`SELECT hashed_password FROM users WHERE email = $1`, [body.email])) as Array<{
          hashed_password: string;
        }>
      )[0]!.hashed_password;
    // The suite's cost is 1 MiB and 1 pass (TEST_ENV); as if the password had been stored before the cost was raised
    // to it, at a cost argon2 allows below it (512 KiB).
    const older = await argon2.hash(body.password, { type: argon2.argon2id, memoryCost: 512, timeCost: 1 });
    await app.db.query(`UPDATE users SET hashed_password = $1 WHERE email = $2`, [older, body.email]);

    expect((await app.client().post("/api/auth/signin", { email: body.email, password: "Wrong0000" })).status).toBe(
      401,
    );
    expect(await stored()).toBe(older);

    expect((await app.client().post("/api/auth/signin", { email: body.email, password: body.password })).status).toBe(
      200,
    );
    const rehashed = await stored();
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=1024,p=4,t=1\$/);
    expect(await argon2.verify(rehashed, body.password)).toBe(true);

    // At the current cost, or above it, a hash stays as it is.
    expect((await app.client().post("/api/auth/signin", { email: body.email, password: body.password })).status).toBe(
      200,
    );
    expect(await stored()).toBe(rehashed);
    const stronger = await argon2.hash(body.password, { type: argon2.argon2id, memoryCost: 2048, timeCost: 2 });
    await app.db.query(`UPDATE users SET hashed_password = $1 WHERE email = $2`, [stronger, body.email]);
    expect((await app.client().post("/api/auth/signin", { email: body.email, password: body.password })).status).toBe(
      200,
    );
    expect(await stored()).toBe(stronger);
  });

  it("signs in, sets an httpOnly SameSite=Lax cookie, and the current user call returns the user", async () => {
    const body = signup();
    const c = app.client();
    await c.post("/api/auth/signup", body);
    const res = await c.post("/api/auth/signin", { email: body.email.toUpperCase(), password: body.password });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith("caravan.sid="))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    const me = await c.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(body.email);
    // The same view of the account as sign-in's answer, field for field (one is read through the entity, the other
    // by a statement of its own).
    expect(me.body).toEqual(res.body);
    expect(Object.keys(me.body).sort()).toEqual(
      [
        "createdAt",
        "email",
        "firstName",
        "hasPassword",
        "id",
        "language",
        "lastName",
        "profileImageUrl",
        "provider",
      ].sort(),
    );
    expect(me.body.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(me.body.hasPassword).toBe(true);
  });

  it("answers the web client's probe with 204 for a visitor and the user once signed in; 401 without the probe", async () => {
    const c = app.client();
    const visitor = await c.get("/api/auth/user?probe=1");
    expect(visitor.status).toBe(204);
    expect(visitor.body).toBe("");
    expect((await c.get("/api/auth/user")).status).toBe(401);
    expect((await c.get("/api/auth/user?probe=0")).status).toBe(401);
    const body = signup();
    await c.post("/api/auth/signup", body);
    await c.post("/api/auth/signin", { email: body.email, password: body.password });
    const me = await c.get("/api/auth/user?probe=1");
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(body.email);
  });

  it("rotates the session id at sign-in and forgets the old one", async () => {
    const { client, password, user } = await buildUser(app);
    const before = client.cookies.get("caravan.sid");
    await client.post("/api/auth/signin", { email: user.email, password });
    const after = client.cookies.get("caravan.sid");
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const stale = app.client();
    stale.cookies.set("caravan.sid", before!);
    stale.cookies.set("caravan.sid.sig", client.cookies.get("caravan.sid.sig")!);
    expect((await stale.get("/api/auth/user")).status).toBe(401);
  });

  it("answers the same 401 for a wrong password and an unknown e-mail", async () => {
    const { user } = await buildUser(app);
    const wrong = await app.client().post("/api/auth/signin", { email: user.email, password: "Wrongpass1" });
    const unknown = await app
      .client()
      .post("/api/auth/signin", { email: "nobody@example.com", password: "Wrongpass1" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: ERRORS.invalidCredentials });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it.each([
    [{ email: "bad", password: "x" }, VALIDATION.invalidEmail],
    [{ email: "a@b.co", password: "" }, VALIDATION.passwordRequired],
    [{ email: "a@b.co" }, VALIDATION.passwordRequired],
  ])("400 for sign-in %j", async (payload, message) => {
    const res = await app.client().post("/api/auth/signin", payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("logs out: redirects to / and the session no longer works", async () => {
    const { client } = await buildUser(app);
    const cookieBefore = client.cookieHeader;
    const res = await client.post("/api/logout");
    expect(res.status).toBe(204);
    expect((await client.get("/api/auth/user")).status).toBe(401);
    // The old cookie is dead on the server too, not only forgotten by this client.
    expect((await app.client().get("/api/auth/user", { cookie: cookieBefore })).status).toBe(401);
  });

  it("does not sign out on a GET from another site, nor on a cross-site POST", async () => {
    const { client } = await buildUser(app);
    const viaLink = await client.get("/api/logout", { "sec-fetch-site": "cross-site" });
    expect(viaLink.status).toBe(302);
    expect(viaLink.headers.get("location")).toBe("/");
    const crossSite = await client.post("/api/logout", {}, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    expect((await client.get("/api/auth/user")).status).toBe(200);
  });

  describe("GET /api/logout, the browser navigation", () => {
    const here = () => app.config.publicUrl.replace(/\/$/, "");

    it.each([
      ["a link in the app (Sec-Fetch-Site: same-origin)", () => ({ "sec-fetch-site": "same-origin" })],
      ["a typed address or a bookmark (Sec-Fetch-Site: none)", () => ({ "sec-fetch-site": "none" })],
      [
        "an older browser's link in the app (no Sec-Fetch-Site, Referer here)",
        () => ({ referer: `${here()}/groups/1` }),
      ],
    ])("signs out after %s and leads to the landing page", async (_, headers) => {
      const { client } = await buildUser(app);
      const cookieBefore = client.cookieHeader;
      const res = await client.get("/api/logout", headers());
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      expect((await client.get("/api/auth/user")).status).toBe(401);
      expect((await app.client().get("/api/auth/user", { cookie: cookieBefore })).status).toBe(401);
    });

    it.each([
      ["another site (Sec-Fetch-Site: cross-site)", { "sec-fetch-site": "cross-site" }],
      ["a sibling site (Sec-Fetch-Site: same-site)", { "sec-fetch-site": "same-site" }],
      ["another site, even with a Referer claiming this one", { "sec-fetch-site": "cross-site", referer: "/" }],
      ["an older browser with a Referer elsewhere", { referer: "https://evil.example/page" }],
      ["an older browser with neither header", {}],
    ])("leads %s to the landing page, still signed in", async (_, headers) => {
      const { client } = await buildUser(app);
      const res = await client.get("/api/logout", headers as Record<string, string>);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/");
      expect((await client.get("/api/auth/user")).status).toBe(200);
    });
  });

  it("sends /api/login to the landing page's sign-in dialog, keeping a same-site returnTo only", async () => {
    const c = app.client();
    expect((await c.get("/api/login")).headers.get("location")).toBe("/?signin=1");
    expect((await c.get("/api/login?returnTo=%2Fjoin%2Fabc")).headers.get("location")).toBe(
      "/?signin=1&returnTo=%2Fjoin%2Fabc",
    );
    expect((await c.get("/api/login?returnTo=%2F%2Fevil.example")).headers.get("location")).toBe("/?signin=1");
  });

  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "javascript:alert(1)",
    "shared/abc",
    "",
  ])("refuses the return target %j: only a path on this site comes back", async (target) => {
    const c = app.client();
    const res = await c.get(`/api/login?returnTo=${encodeURIComponent(target)}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?signin=1");
  });

  it("sends a signed-in caller straight back to a shared trip or an invite", async () => {
    const { client } = await buildUser(app);
    for (const target of ["/shared/abc_DEF-123", "/join/xyz"]) {
      const res = await client.get(`/api/login?returnTo=${encodeURIComponent(target)}`);
      expect(res.headers.get("location")).toBe(target);
    }
    expect(
      (await client.get(`/api/login?returnTo=${encodeURIComponent("//evil.example")}`)).headers.get("location"),
    ).toBe("/");
  });
});

describe("PUT /api/auth/profile", () => {
  it("updates the names of the signed-in user", async () => {
    const { client } = await buildUser(app);
    const res = await client.put("/api/auth/profile", { firstName: " Ines ", lastName: "Duarte" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: "Ines", lastName: "Duarte" });
    expect((await client.get("/api/auth/user")).body.firstName).toBe("Ines");
  });

  it("validates with the product's messages and writes nothing on failure", async () => {
    const { client } = await buildUser(app, { firstName: "Keep" });
    const res = await client.put("/api/auth/profile", { firstName: "", lastName: "z".repeat(51) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      firstName: VALIDATION.firstNameRequired,
      lastName: VALIDATION.lastNameTooLong,
    });
    expect((await client.get("/api/auth/user")).body.firstName).toBe("Keep");
  });

  it("401 when signed out", async () => {
    expect((await app.client().put("/api/auth/profile", { firstName: "A", lastName: "B" })).status).toBe(401);
  });
});

describe("HTTP hygiene", () => {
  it("refuses a state-changing call from another site's page", async () => {
    const res = await app.client().post("/api/auth/signup", signup(), { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: ERRORS.badOrigin });
  });

  it("accepts the same call from its own origin", async () => {
    const res = await app.client().post("/api/auth/signup", signup(), { origin: app.config.publicUrl });
    expect(res.status).toBe(201);
  });

  it("answers unknown API paths with JSON 404", async () => {
    const res = await app.client().get("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: ERRORS.notFound });
  });

  it("sends the security headers", async () => {
    const res = await app.client().get("/api/auth/user");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });

  it("never lets a hashed password out through the entity", async () => {
    const { user } = await buildUser(app);
    const loaded = await app.db.getRepository(User).findOneBy({ id: user.id });
    expect(loaded).not.toBeNull();
    expect(loaded!.hashedPassword).toBeUndefined();
  });
});
