import { IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from "class-validator";
import {
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

/** A sharer's position: the same rules as a group location update. */
export { LocationUpdateDto as SharedTripLocationDto } from "../locations/locations.dto.js";

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
