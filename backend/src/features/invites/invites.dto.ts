import { IsString, MaxLength } from "class-validator";
import { EMAIL_MAX, VALIDATION as V } from "@caravan/common";
import { IsEmailAddress, NormalizeEmail } from "../../http/validate.js";

export class EmailInviteDto {
  @NormalizeEmail()
  @IsString({ message: V.inviteEmailInvalid })
  @MaxLength(EMAIL_MAX, { message: V.inviteEmailInvalid })
  @IsEmailAddress(V.inviteEmailInvalid)
  email: string = undefined!;
}
