import { Transform } from "class-transformer";
import { IsNumber, IsString, Max, MaxLength, Min } from "class-validator";
import {
  LATITUDE_MAX,
  LATITUDE_MIN,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  PLACES_QUERY_MAX,
  VALIDATION as V,
} from "@caravan/common";
import { Trim } from "../../http/validate.js";

/** GET /api/places?q=: the text typed into the destination search. */
export class PlacesQueryDto {
  @Trim()
  @IsString({ message: V.placesQueryRequired })
  @MaxLength(PLACES_QUERY_MAX, { message: V.placesQueryTooLong })
  q: string = undefined!;
}

/** A query-string number; anything else (empty, repeated, words) is left as is for IsNumber to refuse. */
const QueryNumber = () =>
  Transform(({ value }) => (typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value));

const finite = { allowNaN: false, allowInfinity: false };

/** GET /api/places/map: the box the map shows, in degrees; west > east when it crosses the antimeridian. */
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
