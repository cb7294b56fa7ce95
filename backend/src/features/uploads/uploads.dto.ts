import { IsNotEmpty, IsString, MaxLength } from "class-validator";
import { URL_MAX, VALIDATION as V } from "@caravan/common";
import { Trim } from "../../http/validate.js";

/**
 * PUT /api/groups/{id}/cover-image: the objectPath (or the spent upload URL) of an image the caller uploaded (common's
 * coverImageSchema).
 */
export class CoverImageDto {
  @Trim()
  @IsString({ message: V.coverImageUrlRequired })
  @IsNotEmpty({ message: V.coverImageUrlRequired })
  @MaxLength(URL_MAX, { message: V.coverImageUrlTooLong })
  coverImageURL: string = undefined!;
}
