import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VALIDATION } from "@caravan/common";
import { buildGroup } from "../../test/factories.js";
import { buildUser, LogLines, startTestApp, type BuiltUser, type TestApp } from "../../test/harness.js";

/** pino's number for `error`: anything at or above it is an error-level entry. */
const ERROR_LEVEL = 50;
const out = new LogLines();
let app: TestApp;
let owner: BuiltUser;
let groupId: number;

beforeAll(async () => {
  app = await startTestApp({ LOG_LEVEL: "info" }, { log: out });
  owner = await buildUser(app);
  groupId = await buildGroup(app, owner);
});
afterAll(() => app?.close());

/** `__proto__` is not among them: the JSON body parser refuses a body holding it as a whole (below). */
const MEMBER_KEYS = ["constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];
/** The body as text, so `__proto__` travels as an ordinary key, as a browser or script would send it. */
const withKey = (key: string, value: unknown) => JSON.stringify(value).replace(/"KEY"/g, JSON.stringify(key));

describe("a key naming a member of every object, inside a field", () => {
  it.each(MEMBER_KEYS)(
    "`%s`: 400 with the field's message on sign-in, profile and location; nothing logged as an error",
    async (key) => {
      const before = out.lines.length;

      const signin = await app.client().post("/api/auth/signin", withKey(key, { email: { KEY: {} }, password: "x" }));
      expect(signin.status).toBe(400);
      expect(signin.body).toEqual({ message: VALIDATION.invalidEmail, errors: { email: VALIDATION.invalidEmail } });

      const profile = await owner.client.put(
        "/api/auth/profile",
        withKey(key, { firstName: "Tess", lastName: { KEY: 1 } }),
      );
      expect(profile.status).toBe(400);
      expect(profile.body.errors).toEqual({ lastName: VALIDATION.lastNameRequired });

      const location = await owner.client.post(
        `/api/groups/${groupId}/locations`,
        withKey(key, { latitude: 45.9, longitude: 6.87, notes: { KEY: 1 } }),
      );
      expect(location.status).toBe(400);
      expect(location.body.errors).toEqual({ notes: VALIDATION.locationNotesText });

      const top = await app.client().post("/api/auth/signin", withKey(key, { KEY: { KEY: 1 }, email: [{ KEY: 1 }] }));
      expect(top.status).toBe(400);
      expect(top.body.errors.email).toBe(VALIDATION.invalidEmail);

      const logged = out.lines.slice(before);
      expect(logged.filter((l) => (l.level as number) >= ERROR_LEVEL)).toEqual([]);
      expect(logged.filter((l) => l.msg === "request").map((l) => l.status)).toEqual([400, 400, 400, 400]);
    },
  );

  it("`__proto__`: the body parser refuses the body with 400, and nothing is logged as an error", async () => {
    const before = out.lines.length;
    const signin = await app
      .client()
      .post("/api/auth/signin", withKey("__proto__", { email: { KEY: {} }, password: "x" }));
    expect(signin.status).toBe(400);
    const profile = await owner.client.put("/api/auth/profile", withKey("__proto__", { lastName: { KEY: 1 } }));
    expect(profile.status).toBe(400);
    expect(out.lines.slice(before).filter((l) => (l.level as number) >= ERROR_LEVEL)).toEqual([]);
  });

  it("still signs in and saves a profile when such a key sits beside the fields", async () => {
    const signin = await app
      .client()
      .post("/api/auth/signin", withKey("constructor", { email: owner.user.email, password: owner.password, KEY: 1 }));
    expect(signin.status).toBe(200);
    const profile = await owner.client.put(
      "/api/auth/profile",
      withKey("toString", { firstName: "Tess", lastName: "Keys", KEY: { isAdmin: true } }),
    );
    expect(profile.status).toBe(200);
    expect(profile.body.lastName).toBe("Keys");
    expect(profile.body).not.toHaveProperty("isAdmin");
  });
});
