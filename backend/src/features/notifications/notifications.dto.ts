import { ArrayMaxSize, IsArray, IsInt, IsOptional, Max, Min } from "class-validator";
import { ID_MAX, NOTIFICATION_READ_IDS_MAX, VALIDATION as V } from "@caravan/common";

/** POST /api/notifications/read: the ids to mark, or none for all (common's markReadSchema). */
export class MarkReadDto {
  @IsOptional()
  @IsArray({ message: V.notificationIdsInvalid })
  @ArrayMaxSize(NOTIFICATION_READ_IDS_MAX, { message: V.notificationIdsInvalid })
  @IsInt({ each: true, message: V.notificationIdsInvalid })
  @Min(1, { each: true, message: V.notificationIdsInvalid })
  @Max(ID_MAX, { each: true, message: V.notificationIdsInvalid })
  ids?: number[] = undefined;
}
