import { IsOptional, IsString, MaxLength } from "class-validator";
import { ACCOUNT_TEXTS as A, EMAIL_MAX, PASSWORD_MAX, VALIDATION as V } from "@caravan/common";

/**
 * DELETE /api/auth/user: the password for an account that has one, or the account's e-mail address typed out for
 * one that signs in only through a provider. Which one is needed is decided by the service, which answers 400 when
 * it is missing and 401 when it is wrong. The rules of common's deleteAccountRequestSchema.
 */
export class DeleteAccountDto {
  @IsOptional()
  @IsString({ message: A.passwordRequired })
  @MaxLength(PASSWORD_MAX, { message: V.passwordTooLong })
  password?: string = undefined;

  @IsOptional()
  @IsString({ message: A.emailRequired })
  @MaxLength(EMAIL_MAX, { message: V.emailTooLong })
  email?: string = undefined;
}
