import { Transform } from "class-transformer";
import { IsNumber, IsString, Max, MaxLength, Min } from "class-validator";
import {
  LATITUDE_MAX,
  LATITUDE_MIN,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  PLACES_QUERY_MAX,
  VALIDATION as V,
  parseQueryNumber,
} from "@caravan/common";
import { Trim } from "../../http/validate.js";

/** GET /api/places?q=: the text typed into the destination search (common's placesQuerySchema). */
export class PlacesQueryDto {
  @Trim()
  @IsString({ message: V.placesQueryRequired })
  @MaxLength(PLACES_QUERY_MAX, { message: V.placesQueryTooLong })
  q: string = undefined!;
}

/** A query-string number (common's parseQueryNumber); anything else is left as is for IsNumber to refuse. */
const QueryNumber = () => Transform(({ value }) => parseQueryNumber(value));

const finite = { allowNaN: false, allowInfinity: false };

/** GET /api/places/map: the box the map shows (common's mapPlacesQuerySchema); west > east crosses the antimeridian. */
export class MapPlacesQueryDto {
  @QueryNumber()
  @IsNumber(finite, { message: V.mapBoundsInvalid })
  @Min(LATITUDE_MIN, { message: V.mapBoundsInvalid })
  @Max(LATITUDE_MAX, { message: V.mapBoundsInvalid })
  south: number = undefined!;

  @QueryNumber()
  @IsNumber(finite, { message: V.mapBoundsInvalid })
  @Min(LONGITUDE_MIN, { message: V.mapBoundsInvalid })
  @Max(LONGITUDE_MAX, { message: V.mapBoundsInvalid })
  west: number = undefined!;

  @QueryNumber()
  @IsNumber(finite, { message: V.mapBoundsInvalid })
  @Min(LATITUDE_MIN, { message: V.mapBoundsInvalid })
  @Max(LATITUDE_MAX, { message: V.mapBoundsInvalid })
  north: number = undefined!;

  @QueryNumber()
  @IsNumber(finite, { message: V.mapBoundsInvalid })
  @Min(LONGITUDE_MIN, { message: V.mapBoundsInvalid })
  @Max(LONGITUDE_MAX, { message: V.mapBoundsInvalid })
  east: number = undefined!;
}
