import { IsString, Matches, MaxLength } from "class-validator";
import { EMAIL_MAX, EMAIL_PATTERN, VALIDATION as V } from "@caravan/common";
import { NormalizeEmail } from "../../http/validate.js";

export class EmailInviteDto {
  @NormalizeEmail()
  @IsString({ message: V.inviteEmailInvalid })
  @MaxLength(EMAIL_MAX, { message: V.inviteEmailInvalid })
  @Matches(EMAIL_PATTERN, { message: V.inviteEmailInvalid })
  email: string = undefined!;
}
