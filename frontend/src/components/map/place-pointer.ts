/**
 * The arithmetic of the map's place names, apart from Leaflet: the boxes they are asked for in, and where the name of
 * the nearest place goes when none is in view.
 */
import { distanceKm, LOCATION_NEAREST_PLACE_MAX_KM, type MapPlace } from "@caravan/common";

/** A box in degrees, as GET /api/places/map takes it. */
export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

export interface XY {
  x: number;
  y: number;
}

/**
 * How far a place may be for the view to point to it: as far as a location's address still says "near" a place.
 * The places around are asked for in a box of that reach snapped to the grid of POINTER_GRID_ZOOM, so that a pan
 * within a town asks for the same box again.
 */
const POINTER_MAX_KM = LOCATION_NEAREST_PLACE_MAX_KM;
const POINTER_GRID_ZOOM = 10;
const KM_PER_DEGREE = 111.32;

/**
 * A box widened to a grid that depends on the zoom, so that small pans ask for the same box again and the browser's
 * cache answers. Clamped to the degrees the API accepts.
 */
export function snapBox(box: Box, zoom: number): Box {
  const step = 360 / 2 ** Math.max(0, Math.round(zoom) - 1);
  const down = (v: number) => Math.floor(v / step) * step;
  const up = (v: number) => Math.ceil(v / step) * step;
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    south: round(Math.max(-90, down(box.south))),
    west: round(Math.max(-180, down(box.west))),
    north: round(Math.min(90, up(box.north))),
    east: round(Math.min(180, up(box.east))),
  };
}

/** The box the places to point to come from: POINTER_MAX_KM each way from `center`, snapped to a coarse grid. */
export function surroundingsBox(center: { lat: number; lng: number }): Box {
  const dLat = POINTER_MAX_KM / KM_PER_DEGREE;
  const dLng = dLat / Math.max(0.05, Math.cos((center.lat * Math.PI) / 180));
  return snapBox(
    { south: center.lat - dLat, west: center.lng - dLng, north: center.lat + dLat, east: center.lng + dLng },
    POINTER_GRID_ZOOM,
  );
}

/** The places to point to: those outside the view, within POINTER_MAX_KM of its centre, the nearest first. */
export function pointerCandidates(
  places: readonly MapPlace[],
  view: Box,
  center: { lat: number; lng: number },
): Array<{ place: MapPlace; km: number }> {
  const from = { latitude: center.lat, longitude: center.lng };
  const inView = (p: MapPlace) =>
    p.latitude >= view.south && p.latitude <= view.north && p.longitude >= view.west && p.longitude <= view.east;
  return places
    .filter((p) => !inView(p))
    .map((place) => ({ place, km: distanceKm(from, place) }))
    .filter((c) => c.km <= POINTER_MAX_KM)
    .sort((a, b) => a.km - b.km);
}

/**
 * Where a label `width` × `height` pixels goes to point from the middle of a view of `size` toward `target`: its
 * centre on the line from the view's centre to the target, as far out as the label stays `margin` inside the view
 * (and no farther than the target itself).
 */
export function edgeAnchor(size: XY, target: XY, width: number, height: number, margin: number): XY {
  const cx = size.x / 2;
  const cy = size.y / 2;
  const dx = target.x - cx;
  const dy = target.y - cy;
  const reachX = Math.max(0, cx - width / 2 - margin);
  const reachY = Math.max(0, cy - height / 2 - margin);
  const t = Math.min(dx ? reachX / Math.abs(dx) : Infinity, dy ? reachY / Math.abs(dy) : Infinity, 1);
  return { x: cx + dx * t, y: cy + dy * t };
}

/** A box in container pixels. */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const around = (at: XY, width: number, height: number): Rect => ({
  left: at.x - width / 2,
  top: at.y - height / 2,
  right: at.x + width / 2,
  bottom: at.y + height / 2,
});

const overlaps = (a: Rect, b: Rect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Moves a label `width` × `height` centred at `at` off whatever it covers of `obstacles` (the map's markers and its
 * controls: zoom buttons, the credits), as little as it takes, staying `margin` inside a view of `size`: to either
 * side of an obstacle or above or below it, whichever is nearest. Null when no such place is free.
 */
export function clearOf(
  at: XY,
  width: number,
  height: number,
  obstacles: readonly Rect[],
  size: XY,
  margin: number,
): XY | null {
  const fits = (p: XY) => {
    const r = around(p, width, height);
    return (
      r.left >= margin - 1e-9 &&
      r.top >= margin - 1e-9 &&
      r.right <= size.x - margin + 1e-9 &&
      r.bottom <= size.y - margin + 1e-9
    );
  };
  const free = (p: XY) => fits(p) && !obstacles.some((o) => overlaps(around(p, width, height), o));
  if (free(at)) return at;
  const candidates: XY[] = [];
  for (const o of obstacles) {
    if (!overlaps(around(at, width, height), o)) continue;
    candidates.push(
      { x: o.left - margin - width / 2, y: at.y },
      { x: o.right + margin + width / 2, y: at.y },
      { x: at.x, y: o.top - margin - height / 2 },
      { x: at.x, y: o.bottom + margin + height / 2 },
    );
  }
  const distance = (p: XY) => Math.hypot(p.x - at.x, p.y - at.y);
  return candidates.filter(free).sort((a, b) => distance(a) - distance(b))[0] ?? null;
}
