import { IsNumber, IsOptional, IsString, Max, MaxLength, Min } from "class-validator";
import {
  LATITUDE_MAX,
  LATITUDE_MIN,
  LOCATION_ADDRESS_MAX,
  LOCATION_NOTES_MAX,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  VALIDATION as V,
} from "@caravan/common";
import { Coordinate, Trim } from "../../http/validate.js";

const finite = { allowNaN: false, allowInfinity: false };

export class LocationUpdateDto {
  // A numeric string is refused, not coerced: the client sends numbers, and "45" is a bug worth seeing.
  @Coordinate()
  @IsNumber(finite, { message: V.latitudeNumber })
  @Min(LATITUDE_MIN, { message: V.latitudeRange })
  @Max(LATITUDE_MAX, { message: V.latitudeRange })
  latitude: number = undefined!;

  @Coordinate()
  @IsNumber(finite, { message: V.longitudeNumber })
  @Min(LONGITUDE_MIN, { message: V.longitudeRange })
  @Max(LONGITUDE_MAX, { message: V.longitudeRange })
  longitude: number = undefined!;

  @Trim()
  @IsOptional()
  @IsString({ message: V.locationAddressText })
  @MaxLength(LOCATION_ADDRESS_MAX, { message: V.addressTooLong })
  address?: string | null = undefined;

  @Trim()
  @IsOptional()
  @IsString({ message: V.locationNotesText })
  @MaxLength(LOCATION_NOTES_MAX, { message: V.locationNotesTooLong })
  notes?: string | null = undefined;
}
