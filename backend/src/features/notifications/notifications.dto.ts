import { ArrayMaxSize, IsArray, IsInt, IsOptional, Max, Min } from "class-validator";
import { NOTIFICATION_READ_IDS_MAX, VALIDATION as V } from "@caravan/common";

/** POST /api/notifications/read: the ids to mark, or none for all. */
export class MarkReadDto {
  @IsOptional()
  @IsArray({ message: V.notificationIdsInvalid })
  @ArrayMaxSize(NOTIFICATION_READ_IDS_MAX, { message: V.notificationIdsInvalid })
  @IsInt({ each: true, message: V.notificationIdsInvalid })
  @Min(1, { each: true, message: V.notificationIdsInvalid })
  @Max(2_147_483_647, { each: true, message: V.notificationIdsInvalid })
  ids?: number[] = undefined;
}
