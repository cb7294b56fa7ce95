import { IsBoolean, IsNotEmpty, IsString, MaxLength } from "class-validator";
import { TRACKER_NAME_MAX, TRACKER_TEXTS as T } from "@caravan/common";
import { Trim } from "../../http/validate.js";

export class CreateTrackerDto {
  @Trim()
  @IsString({ message: T.nameRequired })
  @IsNotEmpty({ message: T.nameRequired })
  @MaxLength(TRACKER_NAME_MAX, { message: T.nameTooLong })
  name: string = undefined!;
}

/** Turning a tracker's sharing on or off (common's trackerSharingSchema). */
export class TrackerSharingDto {
  @IsBoolean({ message: T.enabledInvalid })
  enabled: boolean = undefined!;
}
