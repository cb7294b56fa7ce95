import { DESTINATION_SEARCH_MIN_CHARS, MAP_PLACES_MAX, type DestinationResult, type MapPlace } from "@caravan/common";
import type { Geocoder, MapBox } from "../../adapters/geocoder/geocoder.js";

/** The destination search of docs/product.md §2: nothing until the text is long enough, then the geocoder's best five. */
export class PlacesService {
  constructor(private readonly geocoder: Geocoder) {}

  async search(query: string): Promise<DestinationResult[]> {
    if ([...query.trim()].length < DESTINATION_SEARCH_MIN_CHARS) return [];
    return this.geocoder.search(query);
  }

  /** The towns and cities the map labels in a view: the most populous first, so zooming in brings smaller ones. */
  within(box: MapBox): Promise<MapPlace[]> {
    return this.geocoder.within(box, MAP_PLACES_MAX);
  }
}
