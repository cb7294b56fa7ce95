import { describe, expect, it } from "vitest";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import atlas from "world-atlas/countries-50m.json";
import type { WorldGeometry } from "./world";
import { labelCandidates, prepareCountries } from "./world-countries";
import type { Box } from "./world-parts";

const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name?: string }> }>;
const countries = prepareCountries(feature(topology, topology.objects.countries) as WorldGeometry);

const inside = (box: Box, [lng, lat]: readonly [number, number]) =>
  lng >= box[0] && lng <= box[2] && lat >= box[1] && lat <= box[3];

describe("where the offline map names the countries", () => {
  it("names a country wholly in view at its main landmass, and one cut by the edge inside what shows", () => {
    // All of Switzerland, and parts of France, Italy, Germany and Austria.
    const view: Box = [5.5, 45.5, 11, 48.2];
    const labels = labelCandidates(countries, view);
    const byName = new Map(labels.map((l) => [l.name, l]));
    const switzerland = byName.get("Switzerland")!;
    expect(switzerland.main).toBeDefined();
    expect(switzerland.points).toHaveLength(1);
    expect(inside(switzerland.main!, switzerland.points[0]!)).toBe(true);
    // Near Bern, not at the edge of the box.
    expect(switzerland.points[0]![0]).toBeCloseTo(8.2, 0);
    expect(switzerland.points[0]![1]).toBeCloseTo(46.8, 0);
    for (const name of ["France", "Italy", "Germany", "Austria"]) {
      const cut = byName.get(name)!;
      expect(cut.main, name).toBeUndefined();
      expect(cut.points.length, name).toBeGreaterThanOrEqual(2);
      expect(
        cut.points.every((p) => inside(view, p)),
        name,
      ).toBe(true);
    }
    // Nothing that does not show, and the biggest country claims its space first.
    expect(byName.has("Spain")).toBe(false);
    expect(labels[0]!.name).toBe("France");
  });

  it("at street zoom names the one country there is, at the middle of the view", () => {
    const paris: Box = [2.33, 48.85, 2.35, 48.87];
    const labels = labelCandidates(countries, paris);
    expect(labels.map((l) => l.name)).toEqual(["France"]);
    const [lng, lat] = labels[0]!.points[0]!;
    expect(lng).toBeCloseTo(2.34, 3);
    expect(lat).toBeCloseTo(48.86, 3);
  });

  it("names nobody over open sea, and only what shows of a coast", () => {
    expect(labelCandidates(countries, [-40, 30, -39, 31])).toEqual([]);
    // Off Brittany: a sliver of France, all its points on land.
    const brest = labelCandidates(countries, [-6, 47.5, -4, 49]);
    expect(brest.map((l) => l.name)).toEqual(["France"]);
    expect(brest[0]!.points.every(([lng]) => lng > -5)).toBe(true);
  });
});
