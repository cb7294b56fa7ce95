/**
 * Where to name each country of the offline world layer. Pure geometry on plain degrees, no Leaflet and no DOM: it
 * runs in the world worker (world.worker.ts), and the page places the names it suggests (world-labels.ts).
 */
import type { Position } from "geojson";
import type { WorldGeometry } from "./world";
import { boxesMeet, boxOf, type Box } from "./world-parts";

type Ring = Position[];
type Polygon = Ring[];

/** Longitude, latitude. */
export type Point = readonly [number, number];

export interface Country {
  name: string;
  polygons: Polygon[];
  /** Every polygon, islands included. */
  bounds: Box;
  /** Each polygon's outer ring's box, by the index of `polygons`. */
  boxes: Box[];
  /** The largest polygon's outer ring's box, where the name goes when all of it is in view. */
  main: Box;
  anchor: Point;
  area: number;
}

/** Where a country's name may go in a view: its anchor, when its main landmass is wholly in view, else inside it. */
export interface LabelCandidates {
  name: string;
  /** Set when the main landmass is in view: the name goes at `points[0]` if it fits within this box. */
  main?: Box;
  /** The most central first. */
  points: Point[];
}

const GRID = 7;

function ringArea(ring: Ring): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    a += ring[j]![0]! * ring[i]![1]! - ring[i]![0]! * ring[j]![1]!;
  return a / 2;
}

function ringCentroid(ring: Ring): Point {
  let x = 0;
  let y = 0;
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j] as [number, number];
    const [x1, y1] = ring[i] as [number, number];
    const f = x0 * y1 - x1 * y0;
    x += (x0 + x1) * f;
    y += (y0 + y1) * f;
    a += f;
  }
  if (a === 0) return [ring[0]![0]!, ring[0]![1]!];
  return [x / (3 * a), y / (3 * a)];
}

function inRing(lng: number, lat: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

const boxHas = (b: Box, lng: number, lat: number) => lng >= b[0] && lng <= b[2] && lat >= b[1] && lat <= b[3];
const boxWithin = (inner: Box, outer: Box) =>
  inner[0] >= outer[0] && inner[2] <= outer[2] && inner[1] >= outer[1] && inner[3] <= outer[3];

/** Even-odd over the outer ring and its holes (lakes, enclaves); a polygon whose box misses the point is skipped. */
const inCountry = (lng: number, lat: number, c: Country) =>
  c.polygons.some(
    (rings, i) =>
      boxHas(c.boxes[i]!, lng, lat) &&
      rings.reduce((inside, ring) => (inRing(lng, lat, ring) ? !inside : inside), false),
  );

export function prepareCountries(world: WorldGeometry): Country[] {
  const out: Country[] = [];
  for (const f of world.features) {
    const name = f.properties?.name;
    const g = f.geometry;
    if (!name || !g) continue;
    const polygons: Polygon[] = g.type === "Polygon" ? [g.coordinates] : g.type === "MultiPolygon" ? g.coordinates : [];
    if (polygons.length === 0) continue;
    let largest = 0;
    let largestArea = 0;
    let total = 0;
    const boxes = polygons.map((p) => boxOf(p[0]!));
    const bounds: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [i, p] of polygons.entries()) {
      const area = Math.abs(ringArea(p[0]!));
      total += area;
      const box = boxes[i]!;
      bounds[0] = Math.min(bounds[0], box[0]);
      bounds[1] = Math.min(bounds[1], box[1]);
      bounds[2] = Math.max(bounds[2], box[2]);
      bounds[3] = Math.max(bounds[3], box[3]);
      if (area > largestArea) {
        largestArea = area;
        largest = i;
      }
    }
    out.push({
      name,
      polygons,
      bounds,
      boxes,
      main: boxes[largest]!,
      anchor: ringCentroid(polygons[largest]![0]!),
      area: total,
    });
  }
  // Big countries claim their space first.
  return out.sort((a, b) => b.area - a.area);
}

/** Points of the country inside the view, the most central first; none when too little of it shows. */
function visiblePoints(c: Country, view: Box): Point[] {
  const west = Math.max(view[0], c.bounds[0]);
  const south = Math.max(view[1], c.bounds[1]);
  const east = Math.min(view[2], c.bounds[2]);
  const north = Math.min(view[3], c.bounds[3]);
  if (south >= north || west >= east) return [];
  const inside: Point[] = [];
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID; j++) {
      const lat = south + ((i + 0.5) / GRID) * (north - south);
      const lng = west + ((j + 0.5) / GRID) * (east - west);
      if (inCountry(lng, lat, c)) inside.push([lng, lat]);
    }
  }
  if (inside.length < 2) return [];
  const lng0 = inside.reduce((s, p) => s + p[0], 0) / inside.length;
  const lat0 = inside.reduce((s, p) => s + p[1], 0) / inside.length;
  // East-west degrees shrink towards the poles; within one view that is the only distortion that changes the order.
  const k = Math.cos((lat0 * Math.PI) / 180);
  const away = ([lng, lat]: Point) => ((lng - lng0) * k) ** 2 + (lat - lat0) ** 2;
  // Samples, not the mean itself: the mean of a crescent-shaped country may lie outside it.
  return inside.sort((a, b) => away(a) - away(b));
}

/**
 * The countries that show in `view` (west, south, east, north), the biggest first, each with where its name may go.
 * A country wholly in view is named at the centre of its main landmass (when the name fits inside it); a country cut
 * by the edge is named inside its visible part, which at street zoom is the only part there is.
 */
export function labelCandidates(countries: readonly Country[], view: Box): LabelCandidates[] {
  const out: LabelCandidates[] = [];
  for (const c of countries) {
    if (!boxesMeet(view, c.bounds)) continue;
    if (boxWithin(c.main, view)) out.push({ name: c.name, main: c.main, points: [c.anchor] });
    else {
      const points = visiblePoints(c, view);
      if (points.length > 0) out.push({ name: c.name, points });
    }
  }
  return out;
}
