import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { DESTINATION_SEARCH_DEBOUNCE_MS, type DestinationResult } from "@caravan/common";
import { useClientConfig } from "../../api/config";
import { fetchPlaces, isSearchable, placesKeys } from "./api";
import { loadPlacesLibraries, searchGooglePlaces } from "./google-places";

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export interface DestinationSearchState {
  /** False while the Google libraries load (and for good if they never do): the input is disabled meanwhile. */
  ready: boolean;
  /** True when the search goes to Google rather than the server's gazetteer. */
  usesGoogle: boolean;
  searching: boolean;
  /** What to list: the last answer while a newer search runs, nothing while the text is too short. */
  results: DestinationResult[];
  /** The search for exactly the current text answered, with nothing. */
  noMatches: boolean;
}

/**
 * The destination search of docs/product.md §2 and §4: Google Places when the server has a Maps key, else GET /api/places.
 * It runs, debounced, once the text is longer than 2 characters; shorter text shows no results at once.
 */
export function useDestinationSearch(text: string): DestinationSearchState {
  const config = useClientConfig();
  const apiKey = config.data?.googleMapsApiKey ?? null;
  const google = useQuery({
    queryKey: placesKeys.googleReady(apiKey ?? ""),
    queryFn: () => loadPlacesLibraries(apiKey!),
    enabled: apiKey !== null,
    staleTime: Infinity,
    retry: false,
  });
  const ready = config.isSuccess && (apiKey === null || google.isSuccess);

  const trimmed = text.trim();
  const settled = useDebounced(trimmed, DESTINATION_SEARCH_DEBOUNCE_MS);
  const active = ready && isSearchable(trimmed);
  const search = useQuery({
    queryKey: placesKeys.search(apiKey ? "google" : "gazetteer", settled),
    queryFn: ({ signal }) => (apiKey ? searchGooglePlaces(apiKey, settled) : fetchPlaces(settled, signal)),
    enabled: active && isSearchable(settled),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

  const searching = active && (settled !== trimmed || search.isFetching);
  const results = active ? (search.data ?? []) : [];
  return {
    ready,
    usesGoogle: apiKey !== null,
    searching,
    results,
    noMatches: active && !searching && search.isSuccess && !search.isPlaceholderData && results.length === 0,
  };
}
