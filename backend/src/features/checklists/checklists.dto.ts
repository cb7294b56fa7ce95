import { IsBoolean, IsNotEmpty, IsOptional, IsString, MaxLength } from "class-validator";
import { CHECKLIST_DESCRIPTION_MAX, CHECKLIST_ITEM_MAX, CHECKLIST_TITLE_MAX, VALIDATION as V } from "@caravan/common";
import { Trim } from "../../http/validate.js";

export class ChecklistDto {
  @Trim()
  @IsString({ message: V.checklistTitleRequired })
  @IsNotEmpty({ message: V.checklistTitleRequired })
  @MaxLength(CHECKLIST_TITLE_MAX, { message: V.checklistTitleTooLong })
  title: string = undefined!;

  @Trim()
  @IsOptional()
  @IsString({ message: V.checklistDescriptionTooLong })
  @MaxLength(CHECKLIST_DESCRIPTION_MAX, { message: V.checklistDescriptionTooLong })
  description?: string | null = undefined;
}

export class ChecklistItemDto {
  @Trim()
  @IsString({ message: V.itemTextRequired })
  @IsNotEmpty({ message: V.itemTextRequired })
  @MaxLength(CHECKLIST_ITEM_MAX, { message: V.itemTextTooLong })
  text: string = undefined!;
}

/** Ticking an item (common's toggleSchema). */
export class ToggleDto {
  @IsBoolean({ message: V.completedFlag })
  completed: boolean = undefined!;
}
