/**
 * Country names for the offline world layer, so a map with no tile server still says where it is. Placed after each
 * move: a country wholly in view is named at the centre of its main landmass (when the name fits inside it); a
 * country cut by the edge is named inside its visible part, which at street zoom is the only part there is.
 */
import L from "leaflet";
import type { Position } from "geojson";
import type { WorldGeometry } from "./world";
import { boxOf } from "./world-parts";

type Ring = Position[];
type Polygon = Ring[];

export interface Country {
  name: string;
  polygons: Polygon[];
  /** Every polygon, islands included. */
  bounds: L.LatLngBounds;
  /** Each polygon's outer ring's box, by the index of `polygons`. */
  boxes: L.LatLngBounds[];
  /** The largest polygon's outer ring, where the name goes when all of it is in view. */
  main: L.LatLngBounds;
  anchor: L.LatLng;
  area: number;
}

const LABEL_HEIGHT_PX = 14;
const GRID = 7;

function ringArea(ring: Ring): number {
  let a = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    a += ring[j]![0]! * ring[i]![1]! - ring[i]![0]! * ring[j]![1]!;
  return a / 2;
}

function ringCentroid(ring: Ring): L.LatLng {
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
  if (a === 0) return L.latLng(ring[0]![1]!, ring[0]![0]!);
  return L.latLng(y / (3 * a), x / (3 * a));
}

function boundsOf(ring: Ring): L.LatLngBounds {
  const [west, south, east, north] = boxOf(ring);
  return L.latLngBounds([south, west], [north, east]);
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

/** Even-odd over the outer ring and its holes (lakes, enclaves); a polygon whose box misses the point is skipped. */
const inCountry = (lng: number, lat: number, c: Country) =>
  c.polygons.some(
    (rings, i) =>
      c.boxes[i]!.contains([lat, lng]) &&
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
    const bounds = L.latLngBounds([]);
    const boxes = polygons.map((p) => boundsOf(p[0]!));
    for (const [i, p] of polygons.entries()) {
      const area = Math.abs(ringArea(p[0]!));
      total += area;
      bounds.extend(boxes[i]!);
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

/** A rough width for an uppercase, letter-spaced 10px label: enough to keep names from overlapping. */
const labelWidth = (name: string) => name.length * 7.2 + 6;

/** Points of the country inside the view, the most central first; none when too little of it shows. */
function visiblePoints(c: Country, view: L.LatLngBounds): L.LatLng[] {
  const south = Math.max(view.getSouth(), c.bounds.getSouth());
  const north = Math.min(view.getNorth(), c.bounds.getNorth());
  const west = Math.max(view.getWest(), c.bounds.getWest());
  const east = Math.min(view.getEast(), c.bounds.getEast());
  if (south >= north || west >= east) return [];
  const inside: L.LatLng[] = [];
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID; j++) {
      const lat = south + ((i + 0.5) / GRID) * (north - south);
      const lng = west + ((j + 0.5) / GRID) * (east - west);
      if (inCountry(lng, lat, c)) inside.push(L.latLng(lat, lng));
    }
  }
  if (inside.length < 2) return [];
  const mean = L.latLng(
    inside.reduce((s, p) => s + p.lat, 0) / inside.length,
    inside.reduce((s, p) => s + p.lng, 0) / inside.length,
  );
  // Samples, not the mean itself: the mean of a crescent-shaped country may lie outside it.
  return inside.sort((a, b) => a.distanceTo(mean) - b.distanceTo(mean));
}

/** Draws the country names in `pane` and keeps them placed as the map moves; returns the way to remove them. */
export function showCountryLabels(map: L.Map, countries: Country[], pane: string): () => void {
  const group = L.layerGroup().addTo(map);
  const markers = new Map<string, L.Marker>();

  const markerFor = (c: Country, at: L.LatLng) => {
    let m = markers.get(c.name);
    if (!m) {
      const label = document.createElement("span");
      label.textContent = c.name;
      m = L.marker(at, {
        pane,
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className: "caravan-country-label", html: label, iconSize: [0, 0] }),
      });
      markers.set(c.name, m);
    }
    return m.setLatLng(at);
  };

  const place = () => {
    const view = map.getBounds();
    const size = map.getSize();
    // People and pins come first: a name never hides under a marker.
    const origin = map.getContainer().getBoundingClientRect();
    const taken: L.Bounds[] = Array.from(map.getPane("markerPane")?.children ?? [], (el) => {
      const r = el.getBoundingClientRect();
      return L.bounds([r.left - origin.left, r.top - origin.top], [r.right - origin.left, r.bottom - origin.top]);
    });
    const shown = new Set<L.Marker>();
    for (const c of countries) {
      if (!view.intersects(c.bounds)) continue;
      let candidates: L.LatLng[];
      if (view.contains(c.main)) {
        const width =
          map.latLngToContainerPoint(c.main.getNorthEast()).x - map.latLngToContainerPoint(c.main.getSouthWest()).x;
        candidates = width >= labelWidth(c.name) ? [c.anchor] : [];
      } else {
        candidates = visiblePoints(c, view);
      }
      const half = L.point(labelWidth(c.name) / 2, LABEL_HEIGHT_PX / 2);
      const at = candidates.find((point) => {
        const p = map.latLngToContainerPoint(point);
        const box = L.bounds(p.subtract(half), p.add(half));
        if (box.min!.x < 0 || box.min!.y < 0 || box.max!.x > size.x || box.max!.y > size.y) return false;
        if (taken.some((t) => t.intersects(box))) return false;
        taken.push(box);
        return true;
      });
      if (!at) continue;
      shown.add(markerFor(c, at));
    }
    for (const m of markers.values()) {
      if (shown.has(m)) group.addLayer(m);
      else group.removeLayer(m);
    }
  };

  // Placed a frame after the move, and again when a marker comes or goes: by then every marker has its final
  // position, whatever order the map and its markers were updated in.
  let frame = 0;
  const schedule = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(place);
  };
  const onLayer = (e: L.LayerEvent) => {
    if (e.layer instanceof L.Marker && e.layer.options.pane !== pane) schedule();
  };
  schedule();
  map.on("moveend", schedule);
  map.on("layeradd layerremove", onLayer);
  return () => {
    cancelAnimationFrame(frame);
    map.off("moveend", schedule);
    map.off("layeradd layerremove", onLayer);
    group.remove();
  };
}
