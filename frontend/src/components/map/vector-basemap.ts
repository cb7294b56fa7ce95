/**
 * The self-hosted vector basemap: a PMTiles extract that Caravan's own server serves by byte ranges, drawn on canvas
 * by protomaps-leaflet with the Protomaps "light" theme, or its "dark" one in dark mode. Loaded only when the server has an extract, so neither the
 * landing page nor a map without one pays for it.
 */
import L from "leaflet";
import { namedFlavor } from "@protomaps/basemaps";
import { PMTiles } from "pmtiles";
import { labelRules, leafletLayer, paintRules } from "protomaps-leaflet";
import { MAP } from "@caravan/common";

/** The extracts are OpenStreetMap data (ODbL): the credit is required wherever the map is shown. */
export const OSM_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a> contributors';

/**
 * A layer drawing the extract at `url` in the Protomaps flavour of `mode`, fitted to what the extract holds: its area
 * and its deepest zoom.
 */
export async function vectorBasemap(url: string, lang: string, mode: "light" | "dark" = "light"): Promise<L.Layer> {
  // protomaps-leaflet subclasses the global L.GridLayer when it builds a layer.
  if (!("L" in window)) Object.assign(window, { L });
  const archive = new PMTiles(url);
  const header = await archive.getHeader();
  const flavor = namedFlavor(mode);
  return leafletLayer({
    url: archive,
    paintRules: paintRules(flavor),
    labelRules: labelRules(flavor, lang),
    // No background colour: where the extract ends, the world outlines beneath stay visible instead of a blank.
    // Closer views than the extract holds are drawn from its deepest tiles.
    maxDataZoom: header.maxZoom,
    bounds: [
      [header.minLat, header.minLon],
      [header.maxLat, header.maxLon],
    ],
    minZoom: MAP.minZoom,
    maxZoom: MAP.maxZoom,
    attribution: OSM_ATTRIBUTION,
    lang,
  }) as unknown as L.Layer;
}
