/**
 * The offline world layer: country outlines from Natural Earth (via world-atlas), bundled with the app so the map
 * still shows where people are when no tile server answers. Loaded on first use, once per page.
 */
import type { FeatureCollection, Geometry } from "geojson";
import type { GeometryCollection, Topology } from "topojson-specification";
import { prepareCountries, type Country } from "./world-labels";
import { worldParts, type WorldPart } from "./world-parts";

export type WorldGeometry = FeatureCollection<Geometry, { name?: string }>;

export interface World {
  /** Every polygon on its own with its box, drawn as the map comes near it (world-parts.ts). */
  parts: WorldPart[];
  /** Label anchors and outlines per country, computed once. */
  countries: Country[];
}

let loading: Promise<World> | null = null;

export function loadWorld(): Promise<World> {
  loading ??= Promise.all([import("world-atlas/countries-50m.json"), import("topojson-client")])
    .then(([atlas, topojson]) => {
      const topology = (atlas.default ?? atlas) as unknown as Topology<{
        countries: GeometryCollection<{ name?: string }>;
      }>;
      const geometry = topojson.feature(topology, topology.objects.countries) as WorldGeometry;
      return { parts: worldParts(geometry), countries: prepareCountries(geometry) };
    })
    .catch((err: unknown) => {
      // A failed chunk load (a deploy replaced it) may succeed on the next map.
      loading = null;
      throw err;
    });
  return loading;
}
