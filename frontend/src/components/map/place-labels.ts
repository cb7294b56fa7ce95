/**
 * Towns and cities for the map drawn without a tile server: after each move the backend names the most populous
 * places in view (GET /api/places/map), so zooming in brings smaller towns, and at the group zoom everyone can read
 * which town a member is in. Names never cover a marker or each other.
 */
import L from "leaflet";
import type { MapPlace } from "@caravan/common";
import { api } from "../../api/client";

const LABEL_HEIGHT_PX = 16;
const DOT_PX = 6;

/** Rank of a place's label by size: bigger places get a bigger, bolder name. */
function sizeClass(population: number): string {
  if (population >= 1_000_000) return "caravan-place--city";
  if (population >= 100_000) return "caravan-place--town";
  return "caravan-place--village";
}

/** Rough widths of a name in each size: enough to keep names from overlapping. */
const CHAR_PX: Record<string, number> = {
  "caravan-place--city": 7.6,
  "caravan-place--town": 6.9,
  "caravan-place--village": 6.3,
};

/**
 * The view's box widened to a grid that depends on the zoom, so small pans ask for the same box again and the
 * browser's cache answers. Clamped to the degrees the API accepts.
 */
export function viewBox(
  bounds: L.LatLngBounds,
  zoom: number,
): { south: number; west: number; north: number; east: number } {
  const step = 360 / 2 ** Math.max(0, Math.round(zoom) - 1);
  const down = (v: number) => Math.floor(v / step) * step;
  const up = (v: number) => Math.ceil(v / step) * step;
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    south: round(Math.max(-90, down(bounds.getSouth()))),
    west: round(Math.max(-180, down(bounds.getWest()))),
    north: round(Math.min(90, up(bounds.getNorth()))),
    east: round(Math.min(180, up(bounds.getEast()))),
  };
}

/**
 * Where the markers of the map's marker pane (people, pins) cover it, in container pixels: each icon's box is its
 * size placed by its anchor at its point, as Leaflet places it, so that placing the names reads no layout (a read of
 * an element's box would make the browser lay out the whole page at once, in the middle of the map's own work).
 */
function markerBoxes(map: L.Map): L.Bounds[] {
  const boxes: L.Bounds[] = [];
  map.eachLayer((layer) => {
    if (!(layer instanceof L.Marker) || layer.options.pane !== "markerPane") return;
    const { iconSize, iconAnchor } = layer.options.icon?.options ?? {};
    if (!iconSize) return;
    const dimensions = L.point(iconSize);
    // Leaflet's default anchor is the icon's centre (Icon._setIconStyles).
    const anchor = iconAnchor ? L.point(iconAnchor) : dimensions.divideBy(2).round();
    const topLeft = map.latLngToContainerPoint(layer.getLatLng()).round().subtract(anchor);
    boxes.push(L.bounds(topLeft, topLeft.add(dimensions)));
  });
  return boxes;
}

/** Draws the place names in `pane` and keeps them current as the map moves; returns the way to remove them. */
export function showPlaceLabels(map: L.Map, pane: string): () => void {
  const group = L.layerGroup().addTo(map);
  const markers = new Map<number, L.Marker>();
  let places: MapPlace[] = [];
  let request: AbortController | null = null;

  const markerFor = (p: MapPlace) => {
    let m = markers.get(p.id);
    if (!m) {
      const label = document.createElement("span");
      label.className = `caravan-place ${sizeClass(p.population)}`;
      const dot = document.createElement("span");
      dot.className = "caravan-place__dot";
      const name = document.createElement("span");
      name.className = "caravan-place__name";
      name.textContent = p.name;
      label.append(dot, name);
      m = L.marker([p.latitude, p.longitude], {
        pane,
        interactive: false,
        keyboard: false,
        icon: L.divIcon({ className: "caravan-place-label", html: label, iconSize: [0, 0] }),
      });
      markers.set(p.id, m);
    }
    return m;
  };

  const place = () => {
    const size = map.getSize();
    // People and pins come first: a name never hides under a marker.
    const taken = markerBoxes(map);
    const shown = new Set<L.Marker>();
    for (const p of places) {
      const at = map.latLngToContainerPoint([p.latitude, p.longitude]);
      const width = DOT_PX + 4 + p.name.length * CHAR_PX[sizeClass(p.population)]!;
      // The dot sits on the point and the name runs to its right.
      const box = L.bounds(
        [at.x - DOT_PX / 2, at.y - LABEL_HEIGHT_PX / 2],
        [at.x - DOT_PX / 2 + width, at.y + LABEL_HEIGHT_PX / 2],
      );
      if (box.min!.x < 0 || box.min!.y < 0 || box.max!.x > size.x || box.max!.y > size.y) continue;
      if (taken.some((t) => t.intersects(box))) continue;
      taken.push(box);
      shown.add(markerFor(p));
    }
    for (const m of markers.values()) {
      if (shown.has(m)) group.addLayer(m);
      else group.removeLayer(m);
    }
    map.getContainer().dataset.places = String(shown.size);
  };

  const load = () => {
    // Offline the request could only fail (and log so); the names come when the browser is back online.
    if (!navigator.onLine) return;
    request?.abort();
    const controller = new AbortController();
    request = controller;
    const box = viewBox(map.getBounds(), map.getZoom());
    const query = new URLSearchParams(Object.entries(box).map(([k, v]) => [k, String(v)]));
    api.get<MapPlace[]>(`/api/places/map?${query}`, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        places = answer;
        schedule();
      },
      // Without names the map still shows the outlines and the people: nothing to tell the user.
      () => undefined,
    );
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
  const onMove = () => {
    schedule();
    load();
  };
  onMove();
  map.on("moveend", onMove);
  map.on("layeradd layerremove", onLayer);
  window.addEventListener("online", load);
  return () => {
    window.removeEventListener("online", load);
    request?.abort();
    cancelAnimationFrame(frame);
    map.off("moveend", onMove);
    map.off("layeradd layerremove", onLayer);
    group.remove();
  };
}
