import { describe, expect, it } from "vitest";
import { GOOGLE_MAPS_ERRORS } from "@caravan/common";
import { isSearchable, sortByName } from "./api";
import { describeMapsError } from "./google-places";

describe("destination search rules", () => {
  it("searches once the text is longer than 2 characters, spaces aside", () => {
    expect(isSearchable("ly")).toBe(false);
    expect(isSearchable("  ly  ")).toBe(false);
    expect(isSearchable("lyo")).toBe(true);
    expect(isSearchable("Zür")).toBe(true);
  });

  it("sorts results by name, ignoring case and accents", () => {
    const place = (name: string) => ({ placeId: name, name, address: name, latitude: 0, longitude: 0 });
    expect(sortByName([place("zug"), place("Zürich"), place("Aarau"), place("Ägeri")]).map((p) => p.name)).toEqual([
      "Aarau",
      "Ägeri",
      "zug",
      "Zürich",
    ]);
  });
});

describe("describeMapsError", () => {
  it("names Google's key and quota errors, and anything else with its reason", () => {
    expect(describeMapsError(new Error("Google Maps JavaScript API error: ApiNotActivatedMapError"))).toBe(
      GOOGLE_MAPS_ERRORS.apiNotActivated,
    );
    expect(describeMapsError(new Error("RefererNotAllowedMapError"))).toBe(GOOGLE_MAPS_ERRORS.refererNotAllowed);
    expect(describeMapsError(new Error("InvalidKeyMapError"))).toBe(GOOGLE_MAPS_ERRORS.invalidKey);
    expect(describeMapsError(new Error("OverQuotaMapError"))).toBe(GOOGLE_MAPS_ERRORS.overQuota);
    expect(describeMapsError(new Error("The Google Maps JavaScript API could not load."))).toBe(
      "Failed to load Google Maps: The Google Maps JavaScript API could not load.",
    );
  });
});
