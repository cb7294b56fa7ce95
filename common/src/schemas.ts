/**
 * Form schemas (yup). The backend's class-validator DTOs enforce the same rules with the same messages;
 * backend/src/features/auth/auth.parity.test.ts feeds both the same bad payloads.
 */
import * as yup from "yup";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./limits.js";
import { VALIDATION } from "./messages.js";

/** One lowercase, one uppercase, one digit: the complexity rule of SPEC §5. */
export const PASSWORD_COMPLEXITY = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/;
/** Pragmatic address check shared by both sides (one @, a dot in the domain, no spaces). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = yup
  .string()
  .trim()
  .required(VALIDATION.invalidEmail)
  .max(EMAIL_MAX, VALIDATION.emailTooLong)
  .matches(EMAIL_PATTERN, VALIDATION.invalidEmail);

const firstName = yup
  .string()
  .trim()
  .required(VALIDATION.firstNameRequired)
  .max(NAME_MAX, VALIDATION.firstNameTooLong);
const lastName = yup.string().trim().required(VALIDATION.lastNameRequired).max(NAME_MAX, VALIDATION.lastNameTooLong);

export const signupSchema = yup.object({
  firstName,
  lastName,
  email,
  password: yup
    .string()
    .required(VALIDATION.passwordTooShort)
    .min(PASSWORD_MIN, VALIDATION.passwordTooShort)
    .max(PASSWORD_MAX, VALIDATION.passwordTooLong)
    .matches(PASSWORD_COMPLEXITY, VALIDATION.passwordComplexity),
  confirmPassword: yup
    .string()
    .required(VALIDATION.passwordsDontMatch)
    .oneOf([yup.ref("password")], VALIDATION.passwordsDontMatch),
});

export const signinSchema = yup.object({
  email,
  password: yup.string().required(VALIDATION.passwordRequired).max(PASSWORD_MAX, VALIDATION.passwordTooLong),
});

export const profileSchema = yup.object({ firstName, lastName });

/** First message per field, in the schema's field order: the shape the API returns in `errors`. */
export async function firstErrors(schema: yup.AnyObjectSchema, value: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (err) {
    if (!(err instanceof yup.ValidationError)) throw err;
    const out: Record<string, string> = {};
    for (const e of err.inner) if (e.path && !(e.path in out)) out[e.path] = e.message;
    return out;
  }
}
