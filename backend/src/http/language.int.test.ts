import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS, LANGUAGE_COOKIE, loadCatalog, VALIDATION, withLocale } from "@caravan/common";
import { buildUser, startTestApp, type TestApp, type TestClient } from "../../test/harness.js";

/**
 * The reader's language on the server: the profile's (PUT /api/auth/language), else the landing page's cookie, else
 * Accept-Language; in `<html lang dir>` of the pages it renders and in its refusals. A stand-in rendering module
 * echoes the language it was asked to render in.
 */
const RENDERED = `<!doctype html><html lang="en"><head><title>app shell</title></head><body><div id="root"></div></body></html>`;
const STAND_IN = `
export function renderPage(page, params, data, locale) {
  return { markup: "<p>rendered in " + locale + "</p>", title: "Dashboard", state: {} };
}
`;

let app: TestApp;
let root: string;

beforeAll(async () => {
  await Promise.all(["de", "fr", "es"].map((locale) => loadCatalog(locale)));
  root = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-language-"));
  fs.mkdirSync(path.join(root, "dist"));
  fs.writeFileSync(path.join(root, "dist", "index.html"), RENDERED);
  fs.writeFileSync(path.join(root, "dist", "rendered.html"), RENDERED);
  fs.writeFileSync(path.join(root, "server-render.js"), STAND_IN);
  app = await startTestApp({ STATIC_DIR: path.join(root, "dist"), PAGE_RENDERER: path.join(root, "server-render.js") });
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("PUT /api/auth/language", () => {
  it("saves the language with the account, answered as the current user, and null follows the browser again", async () => {
    const { client } = await buildUser(app);
    expect((await client.get("/api/auth/user")).body.language).toBeNull();

    const saved = await client.put("/api/auth/language", { language: "ar" });
    expect(saved.status).toBe(200);
    expect(saved.body.language).toBe("ar");
    expect((await client.get("/api/auth/user")).body.language).toBe("ar");

    const cleared = await client.put("/api/auth/language", { language: null });
    expect(cleared.status).toBe(200);
    expect((await client.get("/api/auth/user")).body.language).toBeNull();
  });

  it("refuses a language Caravan does not speak, and anyone signed out", async () => {
    const { client } = await buildUser(app);
    for (const language of ["xx", "de-DE", 5, undefined]) {
      const res = await client.put("/api/auth/language", { language });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(VALIDATION.languageInvalid);
    }
    expect((await app.client().put("/api/auth/language", { language: "de" })).status).toBe(401);
  });
});

/** The refusal for a missing group, as the catalogue of `locale` words it. */
const notFoundIn = (locale: string) => withLocale(locale, () => ERRORS.groupNotFound);

describe("the language of the server's answers", () => {
  it("follows the profile, then the cookie, then Accept-Language", async () => {
    const { client } = await buildUser(app);
    const missing = (headers: Record<string, string>) =>
      client.request("GET", "/api/groups/999999", undefined, headers);

    expect(notFoundIn("de")).not.toBe(ERRORS.groupNotFound);
    expect((await missing({})).body.message).toBe(ERRORS.groupNotFound);
    // Portuguese is not spoken: the next one is.
    expect((await missing({ "accept-language": "pt;q=0.9, de;q=0.8" })).body.message).toBe(notFoundIn("de"));
    expect((await missing({ "accept-language": "fr, de;q=0.8" })).body.message).toBe(notFoundIn("fr"));
    expect((await missing({ "accept-language": "de" })).body.message).toBe(notFoundIn("de"));

    client.cookies.set(LANGUAGE_COOKIE, "es");
    expect((await missing({ "accept-language": "de" })).body.message).toBe(notFoundIn("es"));
    client.cookies.set(LANGUAGE_COOKIE, "de");
    expect((await missing({})).body.message).toBe(notFoundIn("de"));

    await client.put("/api/auth/language", { language: "en" });
    expect((await missing({ "accept-language": "de" })).body.message).toBe(ERRORS.groupNotFound);
  });

  it("translates validation messages, made in English, into the reader's language", async () => {
    const { client } = await buildUser(app);
    const res = await client.request("PUT", "/api/auth/language", { language: "xx" }, { "accept-language": "de" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(withLocale("de", () => VALIDATION.languageInvalid));
    expect(res.body.message).not.toBe(VALIDATION.languageInvalid);
  });
});

describe("a server-rendered page's <html lang dir>", () => {
  const dashboard = (client: TestClient, headers: Record<string, string>) =>
    client.request<string>("GET", "/", undefined, { accept: "text/html", ...headers });

  it("is the reader's language and its direction, and the page is rendered in it", async () => {
    const { client } = await buildUser(app);
    const german = await dashboard(client, { "accept-language": "de-DE,de;q=0.9,en;q=0.5" });
    expect(german.body).toContain('<html lang="de" dir="ltr">');
    expect(german.body).toContain("rendered in de");

    const arabic = await dashboard(client, { "accept-language": "ar-EG" });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain("rendered in ar");

    expect((await dashboard(client, {})).body).toContain('<html lang="en" dir="ltr">');

    await client.put("/api/auth/language", { language: "fr" });
    const profile = await dashboard(client, { "accept-language": "ar" });
    expect(profile.body).toContain('<html lang="fr" dir="ltr">');
    expect(profile.body).toContain("rendered in fr");
  });
});
