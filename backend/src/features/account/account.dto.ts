import { IsOptional, IsString, MaxLength } from "class-validator";
import { EMAIL_MAX, PASSWORD_MAX } from "@caravan/common";

/**
 * DELETE /api/auth/user: the password for an account that has one, or the account's e-mail address typed out for
 * one that signs in only through a provider. Which one is needed is decided by the service, which answers 400 when
 * it is missing and 401 when it is wrong.
 */
export class DeleteAccountDto {
  @IsOptional()
  @IsString()
  @MaxLength(PASSWORD_MAX)
  password?: string;

  @IsOptional()
  @IsString()
  @MaxLength(EMAIL_MAX)
  email?: string;
}
