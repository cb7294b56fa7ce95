import { IsString, MaxLength } from "class-validator";
import { PLACES_QUERY_MAX, VALIDATION as V } from "@caravan/common";
import { Trim } from "../../http/validate.js";

/** GET /api/places?q=: the text typed into the destination search. */
export class PlacesQueryDto {
  @Trim()
  @IsString({ message: V.placesQueryRequired })
  @MaxLength(PLACES_QUERY_MAX, { message: V.placesQueryTooLong })
  q: string = undefined!;
}
