import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { VectorTile } from "@mapbox/vector-tile";
import Pbf from "pbf";
import { PMTiles } from "pmtiles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERRORS, MAP, type ClientConfig } from "@caravan/common";
import { EXTRACT_BOUNDS, EXTRACT_MAX_ZOOM, EXTRACT_TOWN, buildBasemapExtract } from "../../../test/basemap-extract.js";
import { startTestApp, type TestApp } from "../../../test/harness.js";

const extract = buildBasemapExtract();
const SIZE = extract.length;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const url = () => app.url + MAP.basemapPath;
// A conditional fetch() otherwise goes out with Cache-Control: no-cache (the Fetch standard's "no-store" mode), which
// asks for a full answer; a browser revalidating its cached copy sends no such header.
const get = (headers: Record<string, string> = {}, method = "GET") =>
  fetch(url(), { method, headers: { "Cache-Control": "max-age=0", ...headers } });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("without a basemap file", () => {
  it("answers 404 and tells the browser there is none", async () => {
    const res = await get();
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: ERRORS.notFound });
    expect((await app.client().get<ClientConfig>("/api/config")).body.basemapUrl).toBeNull();
  });
});

describe(`GET ${MAP.basemapPath}`, () => {
  beforeAll(() => {
    // Dropped in while the server runs: no restart needed.
    fs.writeFileSync(app.config.basemapFile, extract);
  });

  it("is announced in /api/config once the file exists", async () => {
    expect((await app.client().get<ClientConfig>("/api/config")).body.basemapUrl).toBe(MAP.basemapPath);
  });

  it("sends the whole file with its validators and says it serves ranges", async () => {
    const res = await get({ "Accept-Encoding": "gzip, br" });
    expect(res.status).toBe(200);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-type")).toBe("application/vnd.pmtiles");
    expect(res.headers.get("content-length")).toBe(String(SIZE));
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(res.headers.get("last-modified")!).getTime()).toBe(
      Math.floor(fs.statSync(app.config.basemapFile).mtimeMs / 1000) * 1000,
    );
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
    // Byte offsets must mean the file's own bytes: never compressed on the way.
    expect(res.headers.get("content-encoding")).toBeNull();
    expect((await bytes(res)).equals(extract)).toBe(true);
  });

  it("answers HEAD with the length and no body", async () => {
    const res = await get({}, "HEAD");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(SIZE));
    expect((await bytes(res)).length).toBe(0);
  });

  it("sends one range as 206 Partial Content", async () => {
    const res = await get({ Range: "bytes=0-126", "Accept-Encoding": "gzip" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 0-126/${SIZE}`);
    expect(res.headers.get("content-length")).toBe("127");
    expect(res.headers.get("content-encoding")).toBeNull();
    const body = await bytes(res);
    expect(body.equals(extract.subarray(0, 127))).toBe(true);
    expect(body.subarray(0, 7).toString("ascii")).toBe("PMTiles");
  });

  it("sends open-ended and suffix ranges, and clamps a range that runs past the end", async () => {
    const open = await get({ Range: "bytes=1000-" });
    expect(open.status).toBe(206);
    expect(open.headers.get("content-range")).toBe(`bytes 1000-${SIZE - 1}/${SIZE}`);
    expect((await bytes(open)).equals(extract.subarray(1000))).toBe(true);

    const suffix = await get({ Range: "bytes=-100" });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe(`bytes ${SIZE - 100}-${SIZE - 1}/${SIZE}`);
    expect((await bytes(suffix)).equals(extract.subarray(SIZE - 100))).toBe(true);

    // PMTiles asks for the first 16 kB whatever the file's size.
    const past = await get({ Range: "bytes=0-16383" });
    expect(past.status).toBe(206);
    expect(past.headers.get("content-range")).toBe(`bytes 0-${SIZE - 1}/${SIZE}`);
    expect((await bytes(past)).equals(extract)).toBe(true);
  });

  it("answers 416 with the size when no range is satisfiable", async () => {
    for (const range of [`bytes=${SIZE}-`, `bytes=${SIZE + 10}-${SIZE + 20}`]) {
      const res = await get({ Range: range });
      expect(res.status).toBe(416);
      expect(res.headers.get("content-range")).toBe(`bytes */${SIZE}`);
      expect(await res.json()).toEqual({ message: ERRORS.rangeNotSatisfiable });
    }
  });

  it("sends the whole file for a malformed Range, another unit, or several ranges", async () => {
    for (const range of ["bytes=abc", "items=0-5", "bytes=0-9,100-109"]) {
      const res = await get({ Range: range });
      expect(res.status, range).toBe(200);
      expect((await bytes(res)).equals(extract)).toBe(true);
    }
  });

  it("answers conditional requests: 304 while fresh, and If-Range only for the current file", async () => {
    const first = await get();
    const etag = first.headers.get("etag")!;
    const lastModified = first.headers.get("last-modified")!;

    const byTag = await get({ "If-None-Match": etag, Range: "bytes=0-9" });
    expect(byTag.status).toBe(304);
    expect((await bytes(byTag)).length).toBe(0);
    expect((await get({ "If-Modified-Since": lastModified })).status).toBe(304);
    expect((await get({ "If-None-Match": '"stale"' })).status).toBe(200);

    const current = await get({ "If-Range": etag, Range: "bytes=10-19" });
    expect(current.status).toBe(206);
    expect((await bytes(current)).equals(extract.subarray(10, 20))).toBe(true);
    expect((await get({ "If-Range": lastModified, Range: "bytes=10-19" })).status).toBe(206);
    const stale = await get({ "If-Range": '"stale"', Range: "bytes=10-19" });
    expect(stale.status).toBe(200);
    expect((await bytes(stale)).equals(extract)).toBe(true);
    expect((await get({ "If-Range": "Thu, 01 Jan 1970 00:00:00 GMT", Range: "bytes=10-19" })).status).toBe(200);
  });

  it("gives a replaced file a new tag", async () => {
    const before = (await get()).headers.get("etag");
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(app.config.basemapFile, later, later);
    const res = await get({ "If-None-Match": before! });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).not.toBe(before);
  });

  it("is read by the renderer's PMTiles reader: header, bounds and a tile with the basemap's layers", async () => {
    const archive = new PMTiles(url());
    const header = await archive.getHeader();
    expect(header.maxZoom).toBe(EXTRACT_MAX_ZOOM);
    expect(header.minLon).toBeCloseTo(EXTRACT_BOUNDS.west, 5);
    expect(header.maxLat).toBeCloseTo(EXTRACT_BOUNDS.north, 5);
    const n = 2 ** EXTRACT_MAX_ZOOM;
    const x = Math.floor(((EXTRACT_TOWN.longitude + 180) / 360) * n);
    const rad = (EXTRACT_TOWN.latitude * Math.PI) / 180;
    const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
    const tile = await archive.getZxy(EXTRACT_MAX_ZOOM, x, y);
    expect(tile).toBeDefined();
    const layers = new VectorTile(new Pbf(new Uint8Array(tile!.data))).layers;
    expect(Object.keys(layers).sort()).toEqual(["earth", "places", "roads", "water"]);
    expect(layers.places!.feature(0).properties).toMatchObject({ kind: "locality", name: EXTRACT_TOWN.name });
    expect(extract.length).toBeLessThan(10_000);
  });
});

describe("BASEMAP_FILE", () => {
  it("serves the file it names instead of DATA_DIR/basemap.pmtiles", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "caravan-basemap-"));
    const file = path.join(dir, "alps.pmtiles");
    fs.writeFileSync(file, extract);
    const other = await startTestApp({ BASEMAP_FILE: file });
    try {
      expect(other.config.basemapFile).toBe(file);
      const res = await fetch(other.url + MAP.basemapPath, { headers: { Range: "bytes=0-6" } });
      expect(res.status).toBe(206);
      expect((await bytes(res)).toString("ascii")).toBe("PMTiles");
      expect((await other.client().get<ClientConfig>("/api/config")).body.basemapUrl).toBe(MAP.basemapPath);
    } finally {
      await other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
