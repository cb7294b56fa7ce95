/** The destination search dialog (docs/product.md §2) and the Google Maps loading errors of docs/product.md §8, which are only logged. */
export const DESTINATION_TEXTS = {
  addTitle: "Add Destination",
  updateTitle: "Update Destination",
  placeholder: "Search for a destination...",
  loadingMaps: "Loading Google Maps...",
  currentDestination: "Current Destination",
  clearSearch: "Clear search",
  noResults: (query: string) => `No destinations found for "${query}"`,
  attribution: "Place data: GeoNames (CC BY 4.0)",
} as const;

export const GOOGLE_MAPS_ERRORS = {
  apiNotActivated: "Google Maps API not activated: enable the Maps JavaScript API and the Places API for this key.",
  refererNotAllowed: "Google Maps refused this site: add it to the API key's allowed websites.",
  invalidKey: "Google Maps API key is invalid.",
  overQuota: "Google Maps API quota exceeded.",
  loadFailed: (reason: string) => `Failed to load Google Maps: ${reason}`,
} as const;
