import { describe, expect, it } from "vitest";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import atlas from "world-atlas/countries-50m.json";
import type { WorldGeometry } from "./world";
import { boxesMeet, partsToDraw, worldParts, type Box } from "./world-parts";

const topology = atlas as unknown as Topology<{ countries: GeometryCollection<{ name?: string }> }>;
const world = feature(topology, topology.objects.countries) as WorldGeometry;
const parts = worldParts(world);

/** Around Chamonix, as the group page shows it at zoom 12, with the half-view margin the map adds. */
const CHAMONIX: Box = [6.7, 45.8, 7.1, 46.05];
const WHOLE_WORLD: Box = [-180, -90, 180, 90];

describe("the offline outlines, drawn where the map looks", () => {
  it("keeps every polygon of every country, each on its own", () => {
    const polygons = world.features.reduce(
      (n, f) => n + (f.geometry.type === "MultiPolygon" ? f.geometry.coordinates.length : 1),
      0,
    );
    expect(parts).toHaveLength(polygons);
    expect(parts.every((p) => p.feature.geometry.type === "Polygon")).toBe(true);
  });

  it("draws the Alps' countries near Chamonix, and nothing of the rest of the world", () => {
    const near = partsToDraw(parts, CHAMONIX, new Set());
    expect(near.map((p) => p.feature.properties.name).sort()).toEqual(["France", "Italy", "Switzerland"]);
    expect(parts.length).toBeGreaterThan(1000);
  });

  it("draws a polygon that crosses the antimeridian at the map's edge, not as a band across the world", () => {
    const wide = parts.filter((p) => p.box[2] - p.box[0] > 180).map((p) => p.feature.properties.name);
    // Only Antarctica goes all the way round; Russia's Chukotka and Fiji now end past 180 degrees east.
    expect(new Set(wide)).toEqual(new Set(["Antarctica"]));
    const fiji = parts.filter((p) => p.feature.properties.name === "Fiji");
    expect(fiji.some((p) => p.box[2] > 180)).toBe(true);
    expect(fiji.every((p) => p.box[2] - p.box[0] < 5)).toBe(true);
  });

  it("does not draw a part twice, and draws the rest when the map shows the whole world", () => {
    const drawn = new Set<number>();
    const first = partsToDraw(parts, CHAMONIX, drawn);
    const rest = partsToDraw(parts, WHOLE_WORLD, drawn);
    expect(first.length + rest.length).toBe(parts.length);
    expect(rest.some((p) => first.includes(p))).toBe(false);
    expect(partsToDraw(parts, WHOLE_WORLD, drawn)).toEqual([]);
  });

  it("tells boxes that meet from boxes that do not", () => {
    expect(boxesMeet([0, 0, 2, 2], [1, 1, 3, 3])).toBe(true);
    expect(boxesMeet([0, 0, 2, 2], [2, 2, 3, 3])).toBe(true);
    expect(boxesMeet([0, 0, 2, 2], [2.1, 0, 3, 2])).toBe(false);
    expect(boxesMeet([0, 0, 2, 2], [0, 2.1, 2, 3])).toBe(false);
  });
});
