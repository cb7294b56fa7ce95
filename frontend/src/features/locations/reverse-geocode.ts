import { loadGoogleLibrary } from "../../lib/google-maps";
import type { Coordinates } from "./geolocation";

/**
 * The street address Google's geocoder gives a point, or null when it gives none or cannot be reached: the server
 * then names the place itself (nearest town from the offline gazetteer, else the coordinates).
 */
export async function reverseGeocode(apiKey: string, point: Coordinates): Promise<string | null> {
  try {
    const { Geocoder } = await loadGoogleLibrary(apiKey, "geocoding");
    const { results } = await new Geocoder().geocode({ location: { lat: point.latitude, lng: point.longitude } });
    return results[0]?.formatted_address ?? null;
  } catch (err) {
    console.warn("Reverse geocoding failed", err);
    return null;
  }
}
