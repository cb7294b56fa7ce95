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
import { Coordinate, roundCoordinate, Trim } from "../../http/validate.js";

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

const FIELDS = new Set(["latitude", "longitude", "address", "notes"]);

/**
 * The body every device sends, decided without class-validator, which costs a twentieth of a location write: an
 * object of these four fields at most, both coordinates finite numbers in range once rounded as `@Coordinate` rounds
 * them, and address and notes, when given, strings no longer than their limits once trimmed (null and absent are
 * left as they are). Gives the DTO validateBody would give for such a body; null for anything else, which
 * validateBody then decides, with its messages.
 */
export function plainLocationUpdate(body: unknown): LocationUpdateDto | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  for (const key in body) if (!FIELDS.has(key)) return null;
  const { latitude, longitude, address, notes } = body as Record<string, unknown>;
  const lat = coordinate(latitude, LATITUDE_MIN, LATITUDE_MAX);
  const lng = coordinate(longitude, LONGITUDE_MIN, LONGITUDE_MAX);
  const text = [optionalText(address, LOCATION_ADDRESS_MAX), optionalText(notes, LOCATION_NOTES_MAX)] as const;
  if (lat === null || lng === null || text[0] === false || text[1] === false) return null;
  const dto = new LocationUpdateDto();
  dto.latitude = lat;
  dto.longitude = lng;
  dto.address = text[0];
  dto.notes = text[1];
  return dto;
}

function coordinate(value: unknown, min: number, max: number): number | null {
  if (typeof value !== "number" || !Number.isFinite(value)) return null;
  const rounded = roundCoordinate(value);
  return rounded >= min && rounded <= max ? rounded : null;
}

/** The trimmed string, null or undefined as given, or false: not decided here. */
function optionalText(value: unknown, max: number): string | null | undefined | false {
  if (value === undefined || value === null) return value;
  if (typeof value !== "string") return false;
  const trimmed = value.trim();
  // class-validator counts a surrogate pair as one character, so a string this short is within the limit either way.
  return trimmed.length <= max ? trimmed : false;
}
