import {
  DESTINATION_SEARCH_MAX_RESULTS,
  formatCoordinates,
  formatNearPlace,
  GROUP_COORD_DECIMALS,
  LOCATION_NEAREST_PLACE_MAX_KM,
  type DestinationResult,
  type MapPlace,
} from "@caravan/common";
import { loadGazetteer, placeAddress, type Gazetteer } from "./gazetteer.js";

/** A named place near a point, for naming a location that came without an address. */
export interface NearestPlace {
  name: string;
  region: string | null;
  country: string | null;
  distanceKm: number;
}

/**
 * Turns text into places and points into place names. The server's implementation is the offline gazetteer; with
 * GOOGLE_MAPS_API_KEY set, the browser searches Google Places itself and this one still names stored locations.
 */
export interface Geocoder {
  /** Up to DESTINATION_SEARCH_MAX_RESULTS places whose name starts with the query, sorted by name. */
  search(query: string): Promise<DestinationResult[]>;
  nearest(latitude: number, longitude: number, maxKm: number): Promise<NearestPlace | null>;
  /** The place a typed name most likely means (the most populous of that exact name), or null. */
  resolve(name: string): Promise<DestinationResult | null>;
  /** The `limit` most populous places in a box, for the map drawn without a tile server. */
  within(box: MapBox, limit: number): Promise<MapPlace[]>;
}

/** A map view in degrees; west > east when it crosses the antimeridian. */
export interface MapBox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** 'near {town}, {region}, {country}' when the gazetteer knows a place close by, else the coordinates. */
export async function nameOfPoint(
  places: Pick<Geocoder, "nearest">,
  latitude: number,
  longitude: number,
  decimals = GROUP_COORD_DECIMALS,
): Promise<string> {
  const place = await places.nearest(latitude, longitude, LOCATION_NEAREST_PLACE_MAX_KM);
  return place ? formatNearPlace(place) : formatCoordinates(latitude, longitude, decimals);
}

/** The embedded geocoder: the gazetteer is built on first use (about half a second), then kept for the process. */
export class GazetteerGeocoder implements Geocoder {
  private gazetteer: Gazetteer | null = null;

  constructor(private readonly load: () => Gazetteer = loadGazetteer) {}

  /** Builds the index now rather than on the first request. */
  warm(): void {
    this.index();
  }

  async search(query: string): Promise<DestinationResult[]> {
    return this.index()
      .search(query, DESTINATION_SEARCH_MAX_RESULTS)
      .map((p) => ({
        placeId: `geonames:${p.id}`,
        name: p.name,
        address: placeAddress(p),
        latitude: p.latitude,
        longitude: p.longitude,
      }));
  }

  async nearest(latitude: number, longitude: number, maxKm: number): Promise<NearestPlace | null> {
    const hit = this.index().nearest(latitude, longitude, maxKm);
    if (!hit) return null;
    const { place, distanceKm } = hit;
    return { name: place.name, region: place.region, country: place.country, distanceKm };
  }

  async resolve(name: string): Promise<DestinationResult | null> {
    const p = this.index().resolve(name);
    return p
      ? {
          placeId: `geonames:${p.id}`,
          name: p.name,
          address: placeAddress(p),
          latitude: p.latitude,
          longitude: p.longitude,
        }
      : null;
  }

  async within(box: MapBox, limit: number): Promise<MapPlace[]> {
    return this.index()
      .within(box, limit)
      .map((p) => ({ id: p.id, name: p.name, population: p.population, latitude: p.latitude, longitude: p.longitude }));
  }

  private index(): Gazetteer {
    return (this.gazetteer ??= this.load());
  }
}
