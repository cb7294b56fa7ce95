import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page, Request } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { MAP } from "@caravan/common";
import { EXTRACT_TOWN, buildBasemapExtract } from "../backend/test/basemap-extract.js";
import { groupWithMember, screenshot, shot, signUpViaApi, useE2E, type TestUser } from "./harness.js";
import { visible } from "./ui.js";

// The tiny extract around Chamonix, named by BASEMAP_FILE: the group page and the shared-trip page draw it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-basemap-e2e-"));
const BASEMAP_FILE = path.join(dir, "alps.pmtiles");
fs.writeFileSync(BASEMAP_FILE, buildBasemapExtract());
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const e2e = useE2E({ BASEMAP_FILE });

const NEAR_TOWN = { latitude: 45.93, longitude: 6.88 };

/** Every request the page makes for the basemap, with its Range header and the status it got. */
function basemapRequests(page: Page): Array<{ range: string | undefined; status: () => Promise<number> }> {
  const seen: Array<{ range: string | undefined; status: () => Promise<number> }> = [];
  page.on("request", (req: Request) => {
    if (new URL(req.url()).pathname !== MAP.basemapPath) return;
    seen.push({ range: req.headers().range, status: async () => (await req.response())?.status() ?? 0 });
  });
  return seen;
}

function placeRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (req) => {
    if (new URL(req.url()).pathname === "/api/places/map") seen.push(req.url());
  });
  return seen;
}

/**
 * Waits until the basemap's canvas tiles hold a drawing: painted pixels in several colours (land, water, roads),
 * where an empty tile would be fully transparent. Returns what was counted.
 */
async function basemapDrawn(page: Page): Promise<{ painted: number; colours: number }> {
  const handle = await page.waitForFunction(
    () => {
      const canvases = [...document.querySelectorAll<HTMLCanvasElement>("[data-testid=map] .leaflet-tile-pane canvas")];
      let painted = 0;
      const colours = new Set<string>();
      for (const c of canvases) {
        if (!c.width || !c.height) continue;
        const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3]! < 255) continue;
          painted++;
          if (colours.size < 50) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
        }
      }
      // Leaflet fades each tile in: wait until every one is loaded and fully shown.
      const settled = [
        ...document.querySelectorAll<HTMLElement>("[data-testid=map] .leaflet-tile-pane .leaflet-tile"),
      ].every((t) => t.classList.contains("leaflet-tile-loaded") && getComputedStyle(t).opacity === "1");
      return settled && painted > 5_000 && colours.size >= 3 ? { painted, colours: colours.size } : null;
    },
    undefined,
    { timeout: 30_000, polling: 250 },
  );
  return (await handle.jsonValue())!;
}

async function expectVectorBasemap(page: Page, requests: ReturnType<typeof basemapRequests>): Promise<void> {
  const map = page.getByTestId("map");
  await visible(map.locator(".leaflet-container[data-basemap=vector]"));
  const drawn = await basemapDrawn(page);
  expect(drawn.colours).toBeGreaterThanOrEqual(3);
  // Read by byte ranges from Caravan's own server, never whole.
  expect(requests.length).toBeGreaterThan(0);
  for (const r of requests) {
    expect(r.range).toMatch(/^bytes=\d+-\d+$/);
    expect([206, 304]).toContain(await r.status());
  }
  await visible(map.locator(".leaflet-control-attribution a", { hasText: "OpenStreetMap" }));
}

async function signedIn(user: TestUser) {
  const client = e2e().app.client();
  await client.post("/api/auth/signin", { email: user.email, password: user.password });
  return client;
}

async function groupInChamonix(): Promise<{ owner: TestUser; groupId: number }> {
  const owner = await signUpViaApi(e2e(), { firstName: "Olga" });
  const member = await signUpViaApi(e2e(), { firstName: "Mira" });
  const groupId = await groupWithMember(e2e(), owner, member, { name: "Valley walk", status: "active" });
  await (
    await signedIn(owner)
  ).post(`/api/groups/${groupId}/locations`, {
    latitude: EXTRACT_TOWN.latitude,
    longitude: EXTRACT_TOWN.longitude,
  });
  await (await signedIn(member)).post(`/api/groups/${groupId}/locations`, NEAR_TOWN);
  return { owner, groupId };
}

describe("self-hosted vector basemap", () => {
  it("draws the group page's map from the server's extract, by byte ranges, with markers above it", async () => {
    const { owner, groupId } = await groupInChamonix();
    for (const [viewport, name] of [
      [{ width: 1280, height: 800 }, "desktop"],
      [{ width: 360, height: 740 }, "phone"],
      [{ width: 320, height: 640 }, "small-phone"],
    ] as const) {
      const page = await e2e().signedInPage(
        owner,
        name === "desktop" ? { viewport } : { viewport, isMobile: true, hasTouch: true },
      );
      const requests = basemapRequests(page);
      const places = placeRequests(page);
      const origins = new Set<string>();
      page.on("request", (req) => {
        if (/^https?:/.test(req.url())) origins.add(new URL(req.url()).origin);
      });
      await page.goto(`/groups/${groupId}`);
      const map = page.getByTestId("map");
      await map.scrollIntoViewIfNeeded();
      await expectVectorBasemap(page, requests);
      // Both members' markers stand above the basemap's canvas.
      expect(await map.locator(".leaflet-marker-pane .leaflet-marker-icon").count()).toBe(2);
      // The basemap names the places itself: the gazetteer's labels are not asked for.
      expect(places).toEqual([]);
      // What README promises: with the extract, the map asks nothing of anyone but Caravan's own server.
      expect([...origins]).toEqual([e2e().baseUrl]);
      await shot(map, `basemap-group-map-${name}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `basemap-group-${name}`);
    }
  });

  it("draws the shared-trip page's map for a watcher without an account", async () => {
    const sharer = await signUpViaApi(e2e(), { firstName: "Sacha" });
    const client = await signedIn(sharer);
    const share = await client.post("/api/shared-trips", { durationHours: 2 });
    const token = share.body.shareToken as string;
    await client.post(`/api/shared-trips/${token}/locations`, {
      latitude: EXTRACT_TOWN.latitude,
      longitude: EXTRACT_TOWN.longitude,
    });
    for (const [viewport, name] of [
      [{ width: 1280, height: 800 }, "desktop"],
      [{ width: 360, height: 740 }, "phone"],
      [{ width: 320, height: 640 }, "small-phone"],
    ] as const) {
      const page = await e2e().newPage(
        name === "desktop" ? { viewport } : { viewport, isMobile: true, hasTouch: true },
      );
      const requests = basemapRequests(page);
      await page.goto(`/shared/${token}`);
      const map = page.getByTestId("map");
      await map.scrollIntoViewIfNeeded();
      await expectVectorBasemap(page, requests);
      expect(await map.locator(".leaflet-marker-pane .leaflet-marker-icon").count()).toBe(1);
      await shot(map, `basemap-shared-map-${name}`);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `basemap-shared-${name}`);
    }
  });

  it("asks nothing of the basemap URL when there is no extract, and names places from the gazetteer", async () => {
    const { owner, groupId } = await groupInChamonix();
    const away = `${BASEMAP_FILE}.away`;
    fs.renameSync(BASEMAP_FILE, away);
    try {
      const page = await e2e().signedInPage(owner);
      const requests = basemapRequests(page);
      const places = placeRequests(page);
      const scripts: string[] = [];
      page.on("request", (req) => {
        if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname);
      });
      await page.goto(`/groups/${groupId}`);
      // The page came with the server's settings, which name no basemap.
      expect(await page.evaluate(() => fetch("/api/config").then((r) => r.json()))).toMatchObject({ basemapUrl: null });
      const map = page.getByTestId("map");
      await visible(map.locator(".caravan-place").first());
      expect(places.length).toBeGreaterThan(0);
      expect(await map.locator(".leaflet-container[data-basemap]").count()).toBe(0);
      expect(await map.locator(".leaflet-tile-pane canvas").count()).toBe(0);
      expect(requests).toEqual([]);
      // The renderer is not even downloaded.
      expect(scripts.some((p) => p.includes("vector-basemap"))).toBe(false);
      expect(scripts.some((p) => p.includes("MapView"))).toBe(true);
    } finally {
      fs.renameSync(away, BASEMAP_FILE);
    }
  });

  it("falls back to the gazetteer's names when the file is no PMTiles archive", async () => {
    const { owner, groupId } = await groupInChamonix();
    const good = fs.readFileSync(BASEMAP_FILE);
    fs.writeFileSync(BASEMAP_FILE, "This is not a PMTiles archive.\n".repeat(20));
    try {
      const page = await e2e().signedInPage(owner);
      const requests = basemapRequests(page);
      await page.goto(`/groups/${groupId}`);
      const map = page.getByTestId("map");
      await visible(map.locator(".caravan-place").first());
      expect(requests.length).toBeGreaterThan(0);
      expect(await map.locator(".leaflet-container[data-basemap]").count()).toBe(0);
    } finally {
      fs.writeFileSync(BASEMAP_FILE, good);
    }
  });
});
