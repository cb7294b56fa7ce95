/**
 * Country names for the offline world layer, so a map with no tile server still says where it is. After each move
 * the world worker says which countries show and where each may be named (world-countries.ts); here the names are
 * placed where they fit on screen, clear of each other and of the map's markers.
 */
import L from "leaflet";
import { boxOfBounds, type World } from "./world";
import type { LabelCandidates } from "./world-countries";
import { MARKERS_DRAWN_EVENT } from "./label-placement";
import { PLACES_PLACED_EVENT } from "./place-labels";

const LABEL_HEIGHT_PX = 14;

/** A rough width for an uppercase, letter-spaced 10px label: enough to keep names from overlapping. */
const labelWidth = (name: string) => name.length * 7.2 + 6;

/** Draws the country names in `pane` and keeps them placed as the map moves; returns the way to remove them. */
export function showCountryLabels(map: L.Map, world: World, pane: string): () => void {
  const group = L.layerGroup().addTo(map);
  const markers = new Map<string, L.Marker>();

  const markerFor = (c: LabelCandidates, at: L.LatLng) => {
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

  const place = (labels: LabelCandidates[]) => {
    const size = map.getSize();
    // People and pins come first, then the names beside them and the towns' names: a country's name never covers
    // any of them.
    const container = map.getContainer();
    const origin = container.getBoundingClientRect();
    const inTheWay = [
      ...Array.from(map.getPane("markerPane")?.children ?? []),
      ...Array.from(map.getPane("tooltipPane")?.children ?? []),
      ...Array.from(container.querySelectorAll(".caravan-place")),
    ];
    const taken: L.Bounds[] = inTheWay.map((el) => {
      const r = el.getBoundingClientRect();
      return L.bounds([r.left - origin.left, r.top - origin.top], [r.right - origin.left, r.bottom - origin.top]);
    });
    const shown = new Set<L.Marker>();
    for (const c of labels) {
      if (c.main) {
        const [west, south, east, north] = c.main;
        const width = map.latLngToContainerPoint([north, east]).x - map.latLngToContainerPoint([south, west]).x;
        if (width < labelWidth(c.name)) continue;
      }
      const half = L.point(labelWidth(c.name) / 2, LABEL_HEIGHT_PX / 2);
      const at = c.points.find(([lng, lat]) => {
        const p = map.latLngToContainerPoint([lat, lng]);
        const box = L.bounds(p.subtract(half), p.add(half));
        if (box.min!.x < 0 || box.min!.y < 0 || box.max!.x > size.x || box.max!.y > size.y) return false;
        if (taken.some((t) => t.intersects(box))) return false;
        taken.push(box);
        return true;
      });
      if (!at) continue;
      shown.add(markerFor(c, L.latLng(at[1], at[0])));
    }
    for (const m of markers.values()) {
      if (shown.has(m)) group.addLayer(m);
      else group.removeLayer(m);
    }
  };

  // Only the answer to the latest question is placed: an older one describes a view the map has left.
  let asked = 0;
  let gone = false;
  /** The latest answer, placed again when the towns' names change under it. */
  let latest: LabelCandidates[] = [];
  const ask = () => {
    const question = ++asked;
    world
      .labels(() => boxOfBounds(map.getBounds()))
      .then(
        (labels) => {
          // Placing reads where the markers are, which lays the page out: in a frame, where the browser lays it out
          // anyway, rather than once more in the task the worker's answer arrives in.
          requestAnimationFrame(() => {
            if (gone || question !== asked) return;
            latest = labels;
            place(labels);
          });
        },
        () => undefined,
      );
  };

  // Placed a frame after the move, and again when a marker comes or goes: by then every marker has its final
  // position, whatever order the map and its markers were updated in.
  let frame = 0;
  const schedule = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(ask);
  };
  const onLayer = (e: L.LayerEvent) => {
    if (e.layer instanceof L.Marker && e.layer.options.pane !== pane) schedule();
  };
  // The towns' names are placed after their own request: the country names then make way for them.
  let replaceFrame = 0;
  const onPlaces = () => {
    cancelAnimationFrame(replaceFrame);
    replaceFrame = requestAnimationFrame(() => {
      if (!gone) place(latest);
    });
  };
  schedule();
  map.on("moveend", schedule);
  map.on("layeradd layerremove", onLayer);
  // A marker laid sideways, or the destination's name moved: Leaflet says nothing of either.
  map.on(MARKERS_DRAWN_EVENT, schedule);
  map.on(PLACES_PLACED_EVENT, onPlaces);
  return () => {
    gone = true;
    cancelAnimationFrame(frame);
    cancelAnimationFrame(replaceFrame);
    map.off("moveend", schedule);
    map.off("layeradd layerremove", onLayer);
    map.off(MARKERS_DRAWN_EVENT, schedule);
    map.off(PLACES_PLACED_EVENT, onPlaces);
    group.remove();
  };
}
