/**
 * Towns and cities for the map drawn without a tile server: after each move the backend names the most populous
 * places in view (GET /api/places/map), so zooming in brings smaller towns, and at the group zoom everyone can read
 * which town a member is in. Where a view is too close for any town to be in it (a shared trip's street zoom in a
 * city), the nearest sizeable place is named at the view's edge, with its direction and distance. Names never cover
 * a marker, the map's controls or each other.
 */
import L from "leaflet";
import { formatDistance, type MapPlace } from "@caravan/common";
import { api } from "../../api/client";
import { MARKERS_DRAWN_EVENT, placeNames, TOWN_NAME, tooltipBox, type NameSide } from "./label-placement";
import { DESTINATION_LABEL, destinationLabelWidth } from "./markers";
import { clearOf, edgeAnchor, pointerCandidates, snapBox, surroundingsBox, type Box, type Rect } from "./place-pointer";

const LABEL_HEIGHT_PX = TOWN_NAME.heightPx;
/** Fired on the map each time the town names have been placed. */
export const PLACES_PLACED_EVENT = "caravan:placesplaced";

/** Rank of a place's label by size: bigger places get a bigger, bolder name. */
function sizeClass(population: number): string {
  if (population >= 1_000_000) return "caravan-place--city";
  if (population >= 100_000) return "caravan-place--town";
  return "caravan-place--village";
}

/** Rough widths of a name in each size, where the browser cannot measure text. */
const CHAR_PX: Record<string, number> = {
  "caravan-place--city": 7.6,
  "caravan-place--town": 6.9,
  "caravan-place--village": 6.3,
};

/** The font of a name in each size (map.css), less its family: the map's own. */
const FONT: Record<string, string> = {
  "caravan-place--city": "700 13px",
  "caravan-place--town": "600 12px",
  "caravan-place--village": "600 11px",
};

/**
 * A name's width as the browser draws it in `family`, measured on a canvas that is never shown: no layout is read,
 * and a name guessed narrower than it is (accents, capitals) would run under a marker. Widths are kept by font and
 * text; the rough width stands in where there is no canvas.
 */
function nameMeasurer(family: () => string): { width(name: string, size: string): number; forget(): void } {
  const context = document.createElement("canvas").getContext("2d");
  const widths = new Map<string, number>();
  const width = (name: string, size: string) => {
    if (!context) return name.length * CHAR_PX[size]!;
    const font = `${FONT[size]} ${family()}`;
    const key = `${font}\u0000${name}`;
    let width = widths.get(key);
    if (width === undefined) {
      context.font = font;
      // Rounded up, and a pixel more: the browser lays text out on whole pixels.
      width = Math.ceil(context.measureText(name).width) + 1;
      widths.set(key, width);
    }
    return width;
  };
  // Measured again once the map's font has come: until then the browser measures with a fallback.
  return { width, forget: () => widths.clear() };
}

/** GET /api/places/map's address for a box. */
function placesPath(box: Box): string {
  return `/api/places/map?${new URLSearchParams(Object.entries(box).map(([k, v]) => [k, String(v)]))}`;
}

/** The gap between the pointer and the view's edge, and what its arrow, gaps and padding add to its text's width. */
const POINTER_MARGIN_PX = 8;
const POINTER_EXTRA_PX = 34;

/**
 * Where the markers of the map's marker pane (people, pins) cover it, in container pixels: each icon's box is its
 * size placed by its anchor at its point, as Leaflet places it, so that placing the names reads no layout (a read of
 * an element's box would make the browser lay out the whole page at once, in the middle of the map's own work).
 */
function markerBoxes(map: L.Map): L.Bounds[] {
  const boxes: L.Bounds[] = [];
  map.eachLayer((layer) => {
    if (!(layer instanceof L.Marker) || layer.options.pane !== "markerPane") return;
    const { iconSize, iconAnchor, tooltipAnchor } = layer.options.icon?.options ?? {};
    if (!iconSize) return;
    const dimensions = L.point(iconSize);
    // Leaflet's default anchor is the icon's centre (Icon._setIconStyles).
    const anchor = iconAnchor ? L.point(iconAnchor) : dimensions.divideBy(2).round();
    const point = map.latLngToContainerPoint(layer.getLatLng()).round();
    const topLeft = point.subtract(anchor);
    boxes.push(L.bounds(topLeft, topLeft.add(dimensions)));
    // A name shown beside the marker for good (the destination's) is as much in the way as the marker.
    const tooltip = layer.getTooltip();
    if (tooltip?.options.permanent && tooltipAnchor) {
      // The name as drawn in the tooltip's element: its content is React's, rendered there, and Leaflet's own
      // record of it holds no text (read as empty, the name was taken for 30 px wide and towns went under it).
      const text = tooltip.getElement()?.textContent ?? "";
      const width = destinationLabelWidth(text);
      const anchorAt = L.point(tooltipAnchor);
      const offset = L.point(tooltip.options.offset ?? [0, 0]);
      const side = (["right", "left", "top", "bottom"] as const).find((s) => s === tooltip.options.direction);
      const box = tooltipBox(point.add(anchorAt).add(offset), side ?? "right", width, DESTINATION_LABEL.heightPx);
      boxes.push(L.bounds([box.left, box.top], [box.right, box.bottom]));
    }
  });
  return boxes;
}

const rectOf = (b: L.Bounds): Rect => ({ left: b.min!.x, top: b.min!.y, right: b.max!.x, bottom: b.max!.y });

/**
 * Where the map's controls (zoom buttons, credits) cover it, in container pixels, kept current without reading the
 * page's layout: Leaflet puts them in four corner boxes, each as big as what it holds, whose sizes a ResizeObserver
 * reports as they change (the credits grow as layers add theirs). Returns the boxes now, and the way to stop.
 */
function watchControlCorners(map: L.Map, changed: () => void): { boxes(): L.Bounds[]; stop(): void } {
  const sizes = new Map<Element, { width: number; height: number }>();
  const corners = Array.from(map.getContainer().querySelectorAll(".leaflet-control-container > div"));
  const observer = new ResizeObserver((entries) => {
    for (const entry of entries) {
      const box = entry.borderBoxSize[0];
      if (box) sizes.set(entry.target, { width: box.inlineSize, height: box.blockSize });
    }
    changed();
  });
  for (const corner of corners) observer.observe(corner);
  return {
    boxes() {
      const view = map.getSize();
      const boxes: L.Bounds[] = [];
      for (const [corner, { width, height }] of sizes) {
        if (!width || !height) continue;
        const left = corner.classList.contains("leaflet-right") ? view.x - width : 0;
        const top = corner.classList.contains("leaflet-bottom") ? view.y - height : 0;
        boxes.push(L.bounds([left, top], [left + width, top + height]));
      }
      return boxes;
    },
    stop: () => observer.disconnect(),
  };
}

function viewBounds(map: L.Map): Box {
  const b = map.getBounds();
  return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
}

/** Draws the place names in `pane` and keeps them current as the map moves; returns the way to remove them. */
export function showPlaceLabels(map: L.Map, pane: string): () => void {
  const group = L.layerGroup().addTo(map);
  const markers = new Map<number, L.Marker>();
  let places: MapPlace[] = [];
  let request: AbortController | null = null;
  /**
   * Whether any view's places have come: before, a view without names may just not have been named yet. After a
   * move, the names (and the pointer) are placed from the last answer until the new one comes, so nothing blinks.
   */
  let answered = false;

  let family: string | null = null;
  const measure = nameMeasurer(() => (family ??= getComputedStyle(map.getContainer()).fontFamily));
  const labels = new Map<number, HTMLElement>();
  /** `side`: where the name runs from its dot; right first, else where it covers no marker or other name. */
  const markerFor = (p: MapPlace, side: NameSide) => {
    let m = markers.get(p.id);
    if (!m) {
      const label = document.createElement("span");
      label.className = `caravan-place ${sizeClass(p.population)}`;
      labels.set(p.id, label);
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
    const label = labels.get(p.id);
    label?.classList.toggle("caravan-place--left", side === "left");
    label?.classList.toggle("caravan-place--below", side === "below");
    return m;
  };

  // The nearest sizeable place, named at the view's edge while no place is in view.
  let around: MapPlace[] = [];
  let aroundPath: string | null = null;
  let aroundRequest: AbortController | null = null;
  const pointerName = document.createElement("span");
  pointerName.className = "caravan-place__name";
  const pointerDistance = document.createElement("span");
  pointerDistance.className = "caravan-place__distance";
  const pointerArrow = document.createElement("span");
  pointerArrow.className = "caravan-place__arrow";
  pointerArrow.textContent = "\u2192";
  pointerArrow.setAttribute("aria-hidden", "true");
  const pointerLabel = document.createElement("span");
  pointerLabel.className = "caravan-place caravan-place--pointer";
  pointerLabel.append(pointerArrow, pointerName, pointerDistance);
  const pointer = L.marker([0, 0], {
    pane,
    interactive: false,
    keyboard: false,
    icon: L.divIcon({ className: "caravan-place-label", html: pointerLabel, iconSize: [0, 0] }),
  });

  const loadAround = () => {
    const path = placesPath(surroundingsBox(map.getCenter()));
    if (path === aroundPath || !navigator.onLine) return;
    aroundPath = path;
    aroundRequest?.abort();
    const controller = new AbortController();
    aroundRequest = controller;
    api.get<MapPlace[]>(path, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        around = answer;
        schedule();
      },
      () => {
        // Asked again at the next placing.
        if (aroundPath === path) aroundPath = null;
      },
    );
  };

  /** Names the nearest place around at the view's edge, where it covers no marker or control; whether it did. */
  const placePointer = (size: L.Point, taken: Rect[]): boolean => {
    loadAround();
    const nearest = pointerCandidates(around, viewBounds(map), map.getCenter())[0];
    if (!nearest) return false;
    const { place: p, km } = nearest;
    const distance = formatDistance(km);
    const width = POINTER_EXTRA_PX + (p.name.length + distance.length) * CHAR_PX["caravan-place--town"]!;
    const target = map.latLngToContainerPoint([p.latitude, p.longitude]);
    const edge = edgeAnchor(size, target, width, LABEL_HEIGHT_PX, POINTER_MARGIN_PX);
    // Off the markers and the map's controls (`taken` holds both, no name being shown).
    const at = clearOf(edge, width, LABEL_HEIGHT_PX, taken, size, POINTER_MARGIN_PX);
    if (!at) return false;
    pointerName.textContent = p.name;
    pointerDistance.textContent = distance;
    // Turned toward the place from where the name ended up.
    pointerArrow.style.transform = `rotate(${Math.atan2(target.y - at.y, target.x - at.x)}rad)`;
    pointer.setLatLng(map.containerPointToLatLng(L.point(at.x, at.y)));
    return true;
  };

  const place = () => {
    const size = map.getSize();
    // People and pins (and the destination's name) come first, then the map's controls: a name never hides under
    // either. Each name placed takes its box in turn, the most populous place first.
    const taken = [...markerBoxes(map), ...controls.boxes()].map(rectOf);
    const names = places.map((p) => ({
      key: p,
      at: map.latLngToContainerPoint([p.latitude, p.longitude]),
      width: measure.width(p.name, sizeClass(p.population)),
    }));
    const shown = new Set<L.Marker>();
    for (const [p, side] of placeNames(names, taken, size)) shown.add(markerFor(p, side));
    for (const m of markers.values()) {
      if (shown.has(m)) group.addLayer(m);
      else group.removeLayer(m);
    }
    if (answered && shown.size === 0 && placePointer(size, taken)) group.addLayer(pointer);
    else group.removeLayer(pointer);
    map.getContainer().dataset.places = String(shown.size);
    // The country names make way for the towns' (world-labels.ts).
    map.fire(PLACES_PLACED_EVENT);
  };

  const load = () => {
    // Offline the request could only fail (and log so); the names come when the browser is back online.
    if (!navigator.onLine) return;
    request?.abort();
    const controller = new AbortController();
    request = controller;
    // The view's box widened to its zoom's grid: small pans ask for the same box again.
    api.get<MapPlace[]>(placesPath(snapBox(viewBounds(map), map.getZoom())), controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        places = answer;
        answered = true;
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
  // A marker that moves (a member on the road) may now stand on a name: placed again, as when one comes or goes.
  const onLayer = (e: L.LayerEvent) => {
    if (!(e.layer instanceof L.Marker) || e.layer.options.pane === pane) return;
    if (e.type === "layeradd") e.layer.on("move", schedule);
    else e.layer.off("move", schedule);
    schedule();
  };
  map.eachLayer((layer) => {
    if (layer instanceof L.Marker && layer.options.pane !== pane) layer.on("move", schedule);
  });
  const controls = watchControlCorners(map, () => schedule());
  const onMove = () => {
    schedule();
    load();
  };
  const onFonts = () => {
    measure.forget();
    schedule();
  };
  onMove();
  map.on("moveend", onMove);
  map.on("layeradd layerremove", onLayer);
  // A marker drawn anew in place (laid sideways), or the destination's name moved to another side.
  map.on(MARKERS_DRAWN_EVENT, schedule);
  window.addEventListener("online", load);
  document.fonts.addEventListener("loadingdone", onFonts);
  return () => {
    document.fonts.removeEventListener("loadingdone", onFonts);
    map.off(MARKERS_DRAWN_EVENT, schedule);
    window.removeEventListener("online", load);
    request?.abort();
    aroundRequest?.abort();
    cancelAnimationFrame(frame);
    map.off("moveend", onMove);
    map.off("layeradd layerremove", onLayer);
    map.eachLayer((layer) => {
      if (layer instanceof L.Marker) layer.off("move", schedule);
    });
    controls.stop();
    group.remove();
  };
}
