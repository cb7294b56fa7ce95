import { DESTINATION_SEARCH_MIN_CHARS, type DestinationResult } from "@caravan/common";
import { api } from "../../api/client";
import { placesKeys } from "../../api/query-keys";

export { placesKeys };

/** docs/product.md §4: the search runs once the text is longer than 2 characters. */
export function isSearchable(text: string): boolean {
  return [...text.trim()].length >= DESTINATION_SEARCH_MIN_CHARS;
}

/** GET /api/places: the server's offline gazetteer, at most 5 places sorted by name. */
export function fetchPlaces(text: string, signal?: AbortSignal): Promise<DestinationResult[]> {
  return api.get<DestinationResult[]>(`/api/places?q=${encodeURIComponent(text.trim())}`, signal);
}

const byName = new Intl.Collator(undefined, { sensitivity: "base" });

export function sortByName(places: DestinationResult[]): DestinationResult[] {
  return [...places].sort((a, b) => byName.compare(a.name, b.name));
}
