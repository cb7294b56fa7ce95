import { t } from "../i18n/index.js";

/** The destination search dialog (docs/product.md §2) and the Google Maps loading errors of docs/product.md §8, which are only logged. */
export const DESTINATION_TEXTS = {
  get addTitle() {
    return t("destination.addTitle");
  },
  get updateTitle() {
    return t("destination.updateTitle");
  },
  get placeholder() {
    return t("destination.placeholder");
  },
  get loadingMaps() {
    return t("destination.loadingMaps");
  },
  get currentDestination() {
    return t("destination.currentDestination");
  },
  get clearSearch() {
    return t("destination.clearSearch");
  },
  noResults: (query: string) => t("destination.noResults", { query }),
  get attribution() {
    return t("destination.attribution");
  },
} as const;

export const GOOGLE_MAPS_ERRORS = {
  get apiNotActivated() {
    return t("googleMaps.apiNotActivated");
  },
  get refererNotAllowed() {
    return t("googleMaps.refererNotAllowed");
  },
  get invalidKey() {
    return t("googleMaps.invalidKey");
  },
  get overQuota() {
    return t("googleMaps.overQuota");
  },
  loadFailed: (reason: string) => t("googleMaps.loadFailed", { reason }),
} as const;
