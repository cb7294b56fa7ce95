/**
 * Installable and offline (docs/decisions/0014-offline-and-install.md): the manifest and its icons, the service
 * worker, Chromium's installability checks, reading a group offline after one online visit, writes refused offline,
 * and the data kept on the device removed on sign-out and when another account signs in.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHAT_TEXTS, CHECKLIST_TEXTS, OFFLINE_TEXTS, TOASTS } from "@caravan/common";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chromePath, DESKTOP, groupWithMember, screenshot, signUpViaApi, useE2E, type TestUser } from "./harness";
import { controlledByServiceWorker, keptData, keptKeys } from "./device";
import { dialog, gone, toast, visible } from "./ui";

// Its update test rewrites the served service worker: a copy of the frontend of its own.
const e2e = useE2E({}, "shell", "own");

/** Width and height from a PNG's header. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function signedInClient(user: TestUser) {
  const client = e2e().app.client();
  await client.post("/api/auth/signin", { email: user.email, password: user.password });
  return client;
}

describe("installable", () => {
  it("links a manifest: name, standalone display, theme colour, and icons served at their sizes", async () => {
    const page = await e2e().newPage();
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const res = await page.request.get(href!);
    expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(res.headers()["cache-control"]).toBe("no-cache");
    const manifest = (await res.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: "Caravan",
      short_name: "Caravan",
      start_url: "/",
      display: "standalone",
      theme_color: "#0f5a54",
    });
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);
    const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? "any"}`).sort();
    expect(sizes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
    for (const icon of manifest.icons) {
      const file = await page.request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()["content-type"]).toBe("image/png");
      const [w, h] = icon.sizes.split("x").map(Number);
      expect(pngSize(await file.body()), icon.src).toEqual({ width: w, height: h });
    }
  });

  it("registers a service worker that controls the page, and Chromium finds nothing against installing", async () => {
    // A browser profile of its own: the tests' usual contexts are incognito-like, where Chromium never installs.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-install-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: chromePath(),
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
      baseURL: e2e().baseUrl,
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      const errors: string[] = [];
      page.on("pageerror", (err) => errors.push(err.message));
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto("/");
      expect(await controlledByServiceWorker(page)).toBe(`${e2e().baseUrl}/sw.js`);
      const sw = await page.request.get("/sw.js");
      expect(sw.headers()["content-type"]).toMatch(/javascript/);
      expect(sw.headers()["cache-control"]).toBe("no-cache");
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe("updates", () => {
  it("a new version waits until the reader chooses Reload to update, then takes over", async () => {
    const user = await signUpViaApi(e2e());
    const page = await e2e().signedInPage(user);
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    await controlledByServiceWorker(page);
    const swFile = path.join(e2e().app.config.staticDir, "sw.js");
    const original = fs.readFileSync(swFile, "utf8");
    // A deploy: the worker's script changes.
    fs.writeFileSync(swFile, `${original}\n// the next version\n`);
    try {
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await toast(page, OFFLINE_TEXTS.updateReady);
      const waiting = () =>
        page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
      expect(await waiting()).toBe(true);
      await Promise.all([
        page.waitForEvent("load"),
        page.getByRole("button", { name: OFFLINE_TEXTS.reloadToUpdate }).click(),
      ]);
      await controlledByServiceWorker(page);
      expect(await waiting()).toBe(false);
      await visible(page.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    } finally {
      fs.writeFileSync(swFile, original);
    }
  });
});

describe("offline", () => {
  it("reads the group page offline after one online visit, refuses a message, and sends it once back", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Road to Santiago", status: "active" });
    const ownerClient = await signedInClient(owner);
    await ownerClient.post(`/api/groups/${groupId}/messages`, { content: "Leaving Pamplona at seven" });
    await ownerClient.post(`/api/groups/${groupId}/locations`, {
      latitude: 42.8125,
      longitude: -1.6458,
      address: "Plaza del Castillo, Pamplona",
    });
    const checklist = await ownerClient.post(`/api/groups/${groupId}/checklists`, { title: "Pilgrim kit" });
    await ownerClient.post(`/api/checklists/${checklist.body.id}/items`, { text: "Scallop shell" });

    const page = await e2e().signedInPage(member);
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    await visible(page.getByText("Road to Santiago"));
    await expect.poll(() => keptKeys(page)).toContain(`["groups","list"]`);
    // The worker installs from the first page. A navigation that starts while it activates is not claimed by it (the
    // group page, drawn by the server, answers more slowly than the app's page did), so the next page opens once it
    // controls this one.
    await controlledByServiceWorker(page);
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByRole("heading", { level: 1, name: "Road to Santiago" }));
    await visible(page.getByText("Leaving Pamplona at seven"));
    await visible(page.getByTestId("member-status").getByText("Olga Owner"));
    await visible(page.getByText("Plaza del Castillo, Pamplona").first());
    await page.getByRole("button", { name: CHAT_TEXTS.checklists }).click();
    await visible(dialog(page).getByText("Scallop shell"));
    await page.keyboard.press("Escape");
    await gone(dialog(page));
    await controlledByServiceWorker(page);
    // The screens just read are kept on the device (written a moment after each change).
    await expect
      .poll(() => keptKeys(page), { timeout: 10_000 })
      .toEqual(
        expect.arrayContaining([
          `["groups","detail",${groupId}]`,
          `["groups","detail",${groupId},"members"]`,
          `["groups","detail",${groupId},"locations"]`,
          `["checklists",${groupId}]`,
          `["messages",${groupId}]`,
          `["groups","list"]`,
        ]),
      );

    await page.context().setOffline(true);
    await page.reload();
    const banner = page.getByTestId("offline-banner");
    await visible(banner);
    expect((await banner.innerText()).trim()).toMatch(/^Offline, showing data from \S/);
    await visible(page.getByRole("heading", { level: 1, name: "Road to Santiago" }));
    await visible(page.getByText("Leaving Pamplona at seven"));
    await visible(page.getByTestId("member-status").getByText("Olga Owner"));
    await visible(page.getByTestId("member-status").getByText("Milo Member"));
    await visible(page.getByText("Plaza del Castillo, Pamplona").first());
    await page.getByRole("button", { name: CHAT_TEXTS.checklists }).click();
    await visible(dialog(page).getByText(CHECKLIST_TEXTS.title));
    await visible(dialog(page).getByText("Scallop shell"));
    await page.keyboard.press("Escape");
    await gone(dialog(page));
    await screenshot(page, "offline-group-desktop");
    // The dashboard read before is there too, under the same banner.
    await page.getByRole("link", { name: "Caravan home" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    await visible(page.getByText("Road to Santiago"));
    await visible(page.getByTestId("offline-banner"));
    await screenshot(page, "offline-dashboard-desktop", false);
    await page.goBack();
    await visible(page.getByRole("heading", { level: 1, name: "Road to Santiago" }));
    await page.setViewportSize({ width: 360, height: 780 });
    await screenshot(page, "offline-group-phone");
    await page.setViewportSize(DESKTOP);

    // A message typed offline is refused with a message and stays in the box; nothing reaches the server.
    const input = page.getByTestId("message-input");
    await input.fill("Albergue booked for tonight");
    expect(await page.getByRole("button", { name: CHAT_TEXTS.send }).isDisabled()).toBe(true);
    await input.press("Enter");
    expect(await toast(page, TOASTS.errorTitle)).toContain(OFFLINE_TEXTS.writeRefused);
    expect(await input.inputValue()).toBe("Albergue booked for tonight");
    const onServer = async () =>
      ((await ownerClient.get(`/api/groups/${groupId}/messages`)).body as { messages: { content: string }[] }).messages
        .map((m) => m.content)
        .includes("Albergue booked for tonight");
    expect(await onServer()).toBe(false);

    // Back online: the banner goes, the page is current again, and the kept message can be sent.
    await page.context().setOffline(false);
    await gone(banner);
    await ownerClient.post(`/api/groups/${groupId}/messages`, { content: "Welcome back" });
    await visible(page.getByText("Welcome back"));
    await page.getByRole("button", { name: CHAT_TEXTS.send }).click();
    await visible(page.getByTestId("messages-panel").getByText("Albergue booked for tonight"));
    await expect.poll(onServer).toBe(true);
  });

  it("signing out removes everything kept on the device", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Camino Norte", status: "active" });
    const page = await e2e().signedInPage(member);
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByRole("heading", { level: 1, name: "Camino Norte" }));
    await expect.poll(() => keptKeys(page)).toContain(`["groups","detail",${groupId}]`);
    await page.goto("/");
    await page.getByRole("button", { name: "Open user menu" }).click();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await visible(page.getByRole("heading", { level: 1, name: "Travel Together, Stay Connected" }));
    expect(await keptData(page)).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem("caravan.offline-owner"))).toBeNull();
  });

  it("a browser found signed out (the session ended without signing out) removes what was kept", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Camino Primitivo", status: "active" });
    const page = await e2e().signedInPage(member);
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByRole("heading", { level: 1, name: "Camino Primitivo" }));
    await expect.poll(() => keptKeys(page)).toContain(`["groups","detail",${groupId}]`);
    await page.context().clearCookies();
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Travel Together, Stay Connected" }));
    await expect.poll(() => keptData(page)).toBeNull();
  });

  it("another account signing in on the same browser removes what the previous one kept", async () => {
    const owner = await signUpViaApi(e2e(), { firstName: "Olga", lastName: "Owner" });
    const member = await signUpViaApi(e2e(), { firstName: "Milo", lastName: "Member" });
    const other = await signUpViaApi(e2e(), { firstName: "Nina", lastName: "Next" });
    const groupId = await groupWithMember(e2e(), owner, member, { name: "Via de la Plata", status: "active" });
    const page = await e2e().signedInPage(member);
    await page.goto(`/groups/${groupId}`);
    await visible(page.getByRole("heading", { level: 1, name: "Via de la Plata" }));
    await expect.poll(() => keptKeys(page)).toContain(`["groups","detail",${groupId}]`);
    const firstOwner = (await keptData(page))?.owner;

    // The session ends without signing out (it expired, or the cookie was cleared), and someone else signs in. The
    // group page is left first: open, it would send the browser to sign in as its next read is refused.
    await page.goto("about:blank");
    await page.context().clearCookies();
    const res = await page.context().request.post("/api/auth/signin", {
      data: { email: other.email, password: other.password },
    });
    expect(res.status()).toBe(200);
    await page.goto("/");
    await visible(page.getByRole("heading", { level: 1, name: "Your Travel Groups" }));
    await expect.poll(async () => (await keptData(page))?.owner).not.toBe(firstOwner);
    const kept = JSON.stringify(await keptData(page));
    expect(kept).not.toContain("Via de la Plata");
    expect(kept).not.toContain(member.email);
  });
});
