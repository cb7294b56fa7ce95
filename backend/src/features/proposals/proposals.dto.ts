import {
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from "class-validator";
import {
  DESTINATION_ADDRESS_MAX,
  DESTINATION_NAME_MAX,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  PLACE_ID_MAX,
  PROPOSAL_DURATION_MAX_HOURS,
  VALIDATION as V,
  VOTES,
  type VoteValue,
} from "@caravan/common";
import { Trim } from "../../http/validate.js";

export class ProposalDto {
  @Trim()
  @IsString({ message: V.destinationRequired })
  @IsNotEmpty({ message: V.destinationRequired })
  @MaxLength(DESTINATION_NAME_MAX, { message: V.destinationTooLong })
  destinationName: string = undefined!;

  @Trim()
  @IsOptional()
  @IsString({ message: V.addressTooLong })
  @MaxLength(DESTINATION_ADDRESS_MAX, { message: V.addressTooLong })
  destinationAddress?: string | null = undefined;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: V.latitudeRange })
  @Min(LATITUDE_MIN, { message: V.latitudeRange })
  @Max(LATITUDE_MAX, { message: V.latitudeRange })
  destinationLatitude?: number | null = undefined;

  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: V.longitudeRange })
  @Min(LONGITUDE_MIN, { message: V.longitudeRange })
  @Max(LONGITUDE_MAX, { message: V.longitudeRange })
  destinationLongitude?: number | null = undefined;

  @IsOptional()
  @IsString({ message: V.placeIdTooLong })
  @MaxLength(PLACE_ID_MAX, { message: V.placeIdTooLong })
  destinationPlaceId?: string | null = undefined;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: V.invalidDate })
  startDate?: string | null = undefined;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: V.invalidDate })
  endDate?: string | null = undefined;

  @IsOptional()
  @IsInt({ message: V.durationInvalid })
  @Min(1, { message: V.durationInvalid })
  @Max(PROPOSAL_DURATION_MAX_HOURS, { message: V.durationInvalid })
  durationHours?: number | null = undefined;
}

export class VoteDto {
  @IsIn(VOTES, { message: V.voteInvalid })
  vote: VoteValue = undefined!;
}
