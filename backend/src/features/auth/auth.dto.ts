import { IsIn, IsNotEmpty, IsString, Matches, MaxLength, MinLength } from "class-validator";
import {
  EMAIL_MAX,
  NAME_MAX,
  PASSWORD_COMPLEXITY,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SUPPORTED_LOCALES,
  VALIDATION as V,
} from "@caravan/common";
import { EqualsProperty, IsEmailAddress, NormalizeEmail, Trim } from "../../http/validate.js";

/*
 * Constraints are written in reading order (required, length, format) and must stay in that order: validate.ts
 * reports the first that fails, matching the yup schemas in common/src/schemas.ts.
 */

export class ProfileDto {
  @Trim()
  @IsString({ message: V.firstNameRequired })
  @IsNotEmpty({ message: V.firstNameRequired })
  @MaxLength(NAME_MAX, { message: V.firstNameTooLong })
  firstName: string = undefined!;

  @Trim()
  @IsString({ message: V.lastNameRequired })
  @IsNotEmpty({ message: V.lastNameRequired })
  @MaxLength(NAME_MAX, { message: V.lastNameTooLong })
  lastName: string = undefined!;
}

export class SignupDto extends ProfileDto {
  @NormalizeEmail()
  @IsString({ message: V.invalidEmail })
  @IsNotEmpty({ message: V.invalidEmail })
  @MaxLength(EMAIL_MAX, { message: V.emailTooLong })
  @IsEmailAddress(V.invalidEmail)
  email: string = undefined!;

  @IsString({ message: V.passwordTooShort })
  @MinLength(PASSWORD_MIN, { message: V.passwordTooShort })
  @MaxLength(PASSWORD_MAX, { message: V.passwordTooLong })
  @Matches(PASSWORD_COMPLEXITY, { message: V.passwordComplexity })
  password: string = undefined!;

  @IsString({ message: V.passwordsDontMatch })
  @IsNotEmpty({ message: V.passwordsDontMatch })
  @EqualsProperty("password", V.passwordsDontMatch)
  confirmPassword: string = undefined!;
}

export class SigninDto {
  @NormalizeEmail()
  @IsString({ message: V.invalidEmail })
  @IsNotEmpty({ message: V.invalidEmail })
  @MaxLength(EMAIL_MAX, { message: V.emailTooLong })
  @IsEmailAddress(V.invalidEmail)
  email: string = undefined!;

  @IsString({ message: V.passwordRequired })
  @IsNotEmpty({ message: V.passwordRequired })
  @MaxLength(PASSWORD_MAX, { message: V.passwordTooLong })
  password: string = undefined!;
}

/** PUT /api/auth/language: a supported language, or null to follow the browser's again. */
export class LanguageDto {
  @IsIn([...SUPPORTED_LOCALES, null], { message: V.languageInvalid })
  language: string | null = undefined!;
}
