/**
 * The offline outlines, split for drawing: each polygon of each country on its own, with its box, so the map draws
 * the parts near where it looks. At a group's zoom that is a country or two out of several thousand polygons; the
 * whole world is drawn only when the map shows the whole world.
 */
import type { Feature, Polygon, Position } from "geojson";
import type { WorldGeometry } from "./world";

/** West, south, east, north, in degrees. */
export type Box = readonly [number, number, number, number];

export interface WorldPart {
  feature: Feature<Polygon, { name?: string }>;
  box: Box;
}

/** The box of a ring, read with a plain loop: the outlines have hundreds of thousands of points. */
export function boxOf(ring: Position[]): Box {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let i = 0; i < ring.length; i++) {
    const point = ring[i]!;
    const lng = point[0]!;
    const lat = point[1]!;
    if (lng < west) west = lng;
    if (lng > east) east = lng;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return [west, south, east, north];
}

/**
 * A ring that crosses the antimeridian (Chukotka, Fiji) is stored with its far points at -180..-160: drawn as is, it
 * stretches across the whole map as a thin band. Its western points are moved east of 180, where the map ends, so it
 * is drawn where it is. Antarctica, which goes all the way round, has points in every longitude and stays as it is.
 */
function straddles(ring: Position[]): boolean {
  let east = false;
  for (const [lng] of ring as [number, number][]) {
    if (lng > -90 && lng < 0) return false;
    if (lng > 90) east = true;
  }
  return east && ring.some(([lng]) => lng! < -90);
}

const unwrap = (rings: Position[][]): Position[][] =>
  rings.map((ring) => ring.map(([lng, lat]) => [lng! < 0 ? lng! + 360 : lng!, lat!]));

export function worldParts(world: WorldGeometry): WorldPart[] {
  const parts: WorldPart[] = [];
  for (const f of world.features) {
    const g = f.geometry;
    if (!g) continue;
    const polygons = g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : [];
    for (const stored of polygons) {
      const outer = stored[0];
      if (!outer?.length) continue;
      const coordinates = straddles(outer) ? unwrap(stored) : stored;
      parts.push({
        feature: { type: "Feature", properties: f.properties, geometry: { type: "Polygon", coordinates } },
        box: boxOf(coordinates[0]!),
      });
    }
  }
  return parts;
}

export const boxesMeet = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];

/** The parts that meet `view` and are not in `drawn` yet; they are added to it. */
export function partsToDraw(parts: readonly WorldPart[], view: Box, drawn: Set<number>): WorldPart[] {
  const out: WorldPart[] = [];
  parts.forEach((part, i) => {
    if (drawn.has(i) || !boxesMeet(part.box, view)) return;
    drawn.add(i);
    out.push(part);
  });
  return out;
}
