import { Type } from "class-transformer";
import {
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from "class-validator";
import {
  DESTINATION_NAME_MAX,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  SPEED_MAX_MPS,
  SHARE_DURATION_MAX_HOURS,
  SHARE_DURATION_MIN_HOURS,
  SHARE_TEXTS,
  VALIDATION as V,
} from "@caravan/common";
import { Trim } from "../../http/validate.js";
import { LocationUpdateDto } from "../locations/locations.dto.js";

const finite = { allowNaN: false, allowInfinity: false };

/** A place from the destination search: all three fields or no destination at all. */
export class ShareDestinationDto {
  @Trim()
  @IsString({ message: V.shareDestinationIncomplete })
  @IsNotEmpty({ message: V.shareDestinationIncomplete })
  @MaxLength(DESTINATION_NAME_MAX, { message: V.destinationTooLong })
  name: string = undefined!;

  @IsNumber(finite, { message: V.shareDestinationIncomplete })
  @Min(LATITUDE_MIN, { message: V.latitudeRange })
  @Max(LATITUDE_MAX, { message: V.latitudeRange })
  latitude: number = undefined!;

  @IsNumber(finite, { message: V.shareDestinationIncomplete })
  @Min(LONGITUDE_MIN, { message: V.longitudeRange })
  @Max(LONGITUDE_MAX, { message: V.longitudeRange })
  longitude: number = undefined!;
}

export class CreateSharedTripDto {
  @IsInt({ message: SHARE_TEXTS.durationInvalid })
  @Min(SHARE_DURATION_MIN_HOURS, { message: SHARE_TEXTS.durationInvalid })
  @Max(SHARE_DURATION_MAX_HOURS, { message: SHARE_TEXTS.durationInvalid })
  durationHours: number = undefined!;

  @IsOptional()
  @IsObject({ message: V.shareDestinationIncomplete })
  @ValidateNested({ message: V.shareDestinationIncomplete })
  @Type(() => ShareDestinationDto)
  destination?: ShareDestinationDto | null = undefined;
}

/** A sharer's position: the rules of a group location update, and the speed the device reported. */
export class SharedTripLocationDto extends LocationUpdateDto {
  @IsOptional()
  @IsNumber(finite, { message: V.speedInvalid })
  @Min(0, { message: V.speedInvalid })
  @Max(SPEED_MAX_MPS, { message: V.speedInvalid })
  speed?: number | null = undefined;
}
