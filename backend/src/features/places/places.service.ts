import { DESTINATION_SEARCH_MIN_CHARS, type DestinationResult } from "@caravan/common";
import type { Geocoder } from "../../adapters/geocoder/geocoder.js";

/** The destination search of SPEC §2: nothing until the text is long enough, then the geocoder's best five. */
export class PlacesService {
  constructor(private readonly geocoder: Geocoder) {}

  async search(query: string): Promise<DestinationResult[]> {
    if ([...query.trim()].length < DESTINATION_SEARCH_MIN_CHARS) return [];
    return this.geocoder.search(query);
  }
}
