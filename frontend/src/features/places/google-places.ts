/// <reference types="google.maps" />
import { DESTINATION_SEARCH_MAX_RESULTS, GOOGLE_MAPS_ERRORS, type DestinationResult } from "@caravan/common";
import { loadGoogleLibrary } from "../../lib/google-maps";
import { sortByName } from "./api";

declare global {
  interface Window {
    /** Google calls this when it refuses the key (invalid, not allowed on this site, API not enabled). */
    gm_authFailure?: () => void;
  }
}

/** docs/product.md §8: map loading errors are only logged, each named by its cause. */
export function describeMapsError(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (/ApiNotActivated/i.test(reason)) return GOOGLE_MAPS_ERRORS.apiNotActivated;
  if (/RefererNotAllowed/i.test(reason)) return GOOGLE_MAPS_ERRORS.refererNotAllowed;
  if (/InvalidKey|ApiKeyInvalid|MissingKey/i.test(reason)) return GOOGLE_MAPS_ERRORS.invalidKey;
  if (/OverQuota|OVER_QUERY_LIMIT|quota/i.test(reason)) return GOOGLE_MAPS_ERRORS.overQuota;
  return GOOGLE_MAPS_ERRORS.loadFailed(reason);
}

/** Loads the places and geocoding libraries (the loader retries 3 times with growing delays); logs and rethrows. */
export async function loadPlacesLibraries(apiKey: string): Promise<true> {
  // Google reports a refused key only through this global hook, after the script has loaded.
  window.gm_authFailure ??= () => console.error(GOOGLE_MAPS_ERRORS.invalidKey);
  try {
    await Promise.all([loadGoogleLibrary(apiKey, "places"), loadGoogleLibrary(apiKey, "geocoding")]);
    return true;
  } catch (error) {
    console.error(describeMapsError(error), error);
    throw error;
  }
}

/**
 * Google Places predictions for the text, then the details (id, name, formatted address, position) of up to 5 of
 * them, sorted by name. The Places API (New) autocomplete answers establishments and geocoded places (addresses,
 * localities, regions) only, which is the restriction docs/product.md §7 asks for. Failures are logged and give no results.
 */
export async function searchGooglePlaces(apiKey: string, text: string): Promise<DestinationResult[]> {
  try {
    const { AutocompleteSuggestion } = await loadGoogleLibrary(apiKey, "places");
    const { suggestions } = await AutocompleteSuggestion.fetchAutocompleteSuggestions({ input: text.trim() });
    const predictions = suggestions
      .map((s) => s.placePrediction)
      .filter((p): p is google.maps.places.PlacePrediction => p !== null)
      .slice(0, DESTINATION_SEARCH_MAX_RESULTS);
    const places = await Promise.all(
      predictions.map(async (prediction) => {
        const { place } = await prediction
          .toPlace()
          .fetchFields({ fields: ["id", "displayName", "formattedAddress", "location"] });
        return place;
      }),
    );
    return sortByName(
      places.flatMap((place) =>
        place.location
          ? [
              {
                placeId: place.id,
                name: place.displayName ?? place.formattedAddress ?? "",
                address: place.formattedAddress ?? "",
                latitude: place.location.lat(),
                longitude: place.location.lng(),
              },
            ]
          : [],
      ),
    );
  } catch (error) {
    console.error(describeMapsError(error), error);
    return [];
  }
}
