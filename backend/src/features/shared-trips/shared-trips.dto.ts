import { IsIn, IsInt, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from "class-validator";
import {
  LATITUDE_MAX,
  LATITUDE_MIN,
  LOCATION_ADDRESS_MAX,
  LOCATION_NOTES_MAX,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  MESSAGE_MAX,
  MESSAGE_TYPES,
  SHARE_DURATION_MAX_HOURS,
  SHARE_DURATION_MIN_HOURS,
  SHARE_TEXTS,
  VALIDATION as V,
} from "@caravan/common";
import { Trim } from "../../http/validate.js";

export class CreateSharedTripDto {
  @IsInt({ message: SHARE_TEXTS.durationInvalid })
  @Min(SHARE_DURATION_MIN_HOURS, { message: SHARE_TEXTS.durationInvalid })
  @Max(SHARE_DURATION_MAX_HOURS, { message: SHARE_TEXTS.durationInvalid })
  durationHours: number = undefined!;
}

const finite = { allowNaN: false, allowInfinity: false };

export class SharedTripLocationDto {
  @IsNumber(finite, { message: V.latitudeNumber })
  @Min(LATITUDE_MIN, { message: V.latitudeRange })
  @Max(LATITUDE_MAX, { message: V.latitudeRange })
  latitude: number = undefined!;

  @IsNumber(finite, { message: V.longitudeNumber })
  @Min(LONGITUDE_MIN, { message: V.longitudeRange })
  @Max(LONGITUDE_MAX, { message: V.longitudeRange })
  longitude: number = undefined!;

  @IsOptional()
  @Trim()
  @IsString({ message: V.locationAddressText })
  @MaxLength(LOCATION_ADDRESS_MAX, { message: V.addressTooLong })
  address?: string | null = undefined;

  @IsOptional()
  @Trim()
  @IsString({ message: V.locationNotesText })
  @MaxLength(LOCATION_NOTES_MAX, { message: V.locationNotesTooLong })
  notes?: string | null = undefined;
}

export class SharedTripMessageDto {
  @Trim()
  @IsString({ message: V.messageRequired })
  @IsNotEmpty({ message: V.messageRequired })
  @MaxLength(MESSAGE_MAX, { message: V.messageTooLong })
  content: string = undefined!;

  @IsOptional()
  @IsIn(MESSAGE_TYPES, { message: V.messageTypeInvalid })
  messageType?: (typeof MESSAGE_TYPES)[number] = undefined;
}
