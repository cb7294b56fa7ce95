import "reflect-metadata";
import { plainToInstance, Transform } from "class-transformer";
import { registerDecorator, validateSync, type ValidationArguments, type ValidationError } from "class-validator";
import { isEmailAddress, isHttpsUrl, isIsoTimestamp, VALIDATION } from "@caravan/common";
import { badRequest } from "./errors.js";

/**
 * Validates a request body against a class-validator DTO. Unknown fields are dropped; the answer to bad input is a
 * 400 whose `message` is the first failing field's message and whose `errors` holds one message per field.
 */
export async function validateBody<T extends object>(dto: new () => T, body: unknown): Promise<T> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) throw badRequest(VALIDATION.invalidBody);
  const { instance, errors } = validated(dto, body);
  const fields = Object.entries(errors);
  if (fields.length > 0) throw badRequest(fields[0]![1], errors);
  return instance;
}

/** First message per field, in the DTO's field order (the same shape as common's firstErrors for yup). */
export async function validationErrors<T extends object>(
  dto: new () => T,
  body: object,
): Promise<Record<string, string>> {
  return validated(dto, body).errors;
}

/**
 * The body as the DTO (unknown fields dropped by the validation itself), and its first message per field. Every rule
 * the DTOs use answers at once (none returns a promise), so the synchronous validation gives the same answer without
 * the promises and the wait for them.
 */
function validated<T extends object>(dto: new () => T, body: object): { instance: T; errors: Record<string, string> } {
  const instance = plainToInstance(dto, plainCopy(body));
  const found = validateSync(instance, {
    whitelist: true,
    validationError: { target: false, value: false },
  });
  const errors: Record<string, string> = {};
  if (found.length === 0) return { instance, errors };
  const order = Object.keys(new dto());
  const sorted = [...found].sort((a, b) => rank(order, a) - rank(order, b));
  for (const e of sorted) {
    const first = firstMessage(e);
    if (first) errors[e.property] = first;
  }
  return { instance, errors };
}

/**
 * Keys no DTO field has, which class-transformer or the validators would take for a member of the object itself:
 * `constructor` makes class-transformer guess a class and call it (a TypeError, so a 500), `__proto__` replaces the
 * prototype when assigned, and an own `toString` or `valueOf` that is not a function makes any conversion to text
 * throw. They are the names `Object.prototype` defines, and `prototype`.
 */
const MEMBER_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), "prototype"]);

/**
 * The body as plain objects and arrays, without MEMBER_KEYS at any depth. No DTO declares such a field, so at a
 * DTO's level (nested ones too) the copy only drops what validation would drop; in a field that expects text or a
 * number, the object or array is still there, and the field's own type rule refuses it with its usual message.
 * Iterative, so a deep body cannot overflow the stack here.
 */
function plainCopy(body: object): object {
  const root: Record<string, unknown> | unknown[] = Array.isArray(body) ? [] : {};
  const stack: Array<[source: object, target: Record<string, unknown> | unknown[]]> = [[body, root]];
  while (stack.length > 0) {
    const [source, target] = stack.pop()!;
    for (const [key, value] of Object.entries(source)) {
      if (!Array.isArray(source) && MEMBER_KEYS.has(key)) continue;
      let copy: unknown = value;
      if (value !== null && typeof value === "object") {
        copy = Array.isArray(value) ? [] : {};
        stack.push([value as object, copy as Record<string, unknown> | unknown[]]);
      }
      if (Array.isArray(target)) target.push(copy);
      else target[key] = copy;
    }
  }
  return root;
}

const rank = (order: string[], e: ValidationError) => {
  const i = order.indexOf(e.property);
  return i === -1 ? order.length : i;
};

function firstMessage(e: ValidationError): string | undefined {
  const messages = Object.values(e.constraints ?? {});
  // class-validator records a property's constraints from the decorator nearest the property upwards; DTOs list
  // them in reading order (required, then length, then format), so the last recorded is the first that applies.
  return messages.at(-1) ?? e.children?.map(firstMessage).find(Boolean);
}

/** Trims strings; leaves other values for the type checks to refuse. */
export const Trim = () => Transform(({ value }) => (typeof value === "string" ? value.trim() : value));

/**
 * Rounds a coordinate to 7 decimals (about 1 cm, finer than the `real` columns keep): a value such as 5e-324 is
 * otherwise out of range for `real` and failed in the database instead of being stored as 0.
 */
export const Coordinate = () =>
  Transform(({ value }) => (typeof value === "number" && Number.isFinite(value) ? roundCoordinate(value) : value));

/** A finite coordinate as `@Coordinate` keeps it: 7 decimals. */
export const roundCoordinate = (value: number): number => Math.round(value * 1e7) / 1e7;

/** null counts as "not given", so the service's default applies instead of a NOT NULL violation. */
export const NullAsMissing = () => Transform(({ value }) => (value === null ? undefined : value));

/** Lower-cases and trims e-mail addresses. */
export const NormalizeEmail = () =>
  Transform(({ value }) => (typeof value === "string" ? value.trim().toLowerCase() : value));

/** The property equals another property of the same object. */
export function EqualsProperty(other: string, message: string) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: "equalsProperty",
      target: object.constructor,
      propertyName,
      constraints: [other],
      options: { message },
      validator: {
        validate: (value: unknown, args: ValidationArguments) =>
          value === (args.object as Record<string, unknown>)[args.constraints[0] as string],
      },
    });
}

function predicate(name: string, test: (value: unknown) => boolean) {
  return (message: string) => (object: object, propertyName: string) =>
    registerDecorator({
      name,
      target: object.constructor,
      propertyName,
      options: { message },
      validator: { validate: (value: unknown) => test(value) },
    });
}

/** common's e-mail rule: length first, then a linear scan (class-validator runs every rule, so the rule guards itself). */
export const IsEmailAddress = predicate("isEmailAddress", isEmailAddress);

/** common's https address rule, skipped past URL_MAX so the length rule reports it. */
export const IsHttpsUrl = predicate("isHttpsUrl", isHttpsUrl);

/** common's timestamp rule: a calendar date or a full ISO 8601 timestamp with its offset, and a real day. */
export const IsIsoTimestamp = predicate("isIsoTimestamp", isIsoTimestamp);
