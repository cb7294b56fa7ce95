/**
 * Form schemas (yup), and for a request no form sends, the shape the API accepts. Every class-validator DTO of the
 * backend enforces the rules of one schema here with the same messages; its parity test
 * (backend/src/features/<feature>/*.parity.test.ts) feeds both the same good and bad payloads.
 */
import * as yup from "yup";
import {
  ARRIVAL_RADIUS_MAX_METERS,
  ARRIVAL_RADIUS_MIN_METERS,
  CHECKLIST_DESCRIPTION_MAX,
  CHECKLIST_ITEM_MAX,
  CHECKLIST_TITLE_MAX,
  DESTINATION_ADDRESS_MAX,
  DESTINATION_NAME_MAX,
  EMAIL_MAX,
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  LATITUDE_MAX,
  LATITUDE_MIN,
  LOCATION_ADDRESS_MAX,
  LOCATION_NOTES_MAX,
  MESSAGE_MAX,
  MESSAGE_TYPES,
  LONGITUDE_MAX,
  LONGITUDE_MIN,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PLACE_ID_MAX,
  PLACES_QUERY_MAX,
  PROPOSAL_DURATION_MAX_HOURS,
  NOTIFICATION_READ_IDS_MAX,
  SHARE_DURATION_MAX_HOURS,
  SHARE_DURATION_MIN_HOURS,
  SPEED_MAX_MPS,
  TRACKER_NAME_MAX,
  TRIP_DESCRIPTION_MAX,
  TRIP_TITLE_MAX,
  URL_MAX,
  VOTES,
  type VoteValue,
} from "./limits.js";
import { VALIDATION } from "./messages.js";
import { ACCOUNT_TEXTS } from "./texts/account.js";
import { SHARE_TEXTS } from "./texts/share.js";
import { TRACKER_TEXTS } from "./texts/tracker.js";
import { GROUP_STATUSES } from "./types.js";

/** One lowercase, one uppercase, one digit: the complexity rule of docs/product.md §5. Each lookahead scans once: linear. */
export const PASSWORD_COMPLEXITY = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/;
/** One @ between two non-empty parts, no spaces: linear, a single quantifier on each side of the @. */
const EMAIL_SHAPE = /^[^\s@]+@([^\s@]+)$/;

/**
 * Pragmatic address check shared by both sides (one @, a dot inside the domain, no spaces). It refuses anything
 * longer than EMAIL_MAX before looking at it, and runs in time linear in the length: a pattern that backtracks here
 * let one request hold the server for seconds.
 */
export function isEmailAddress(value: unknown): boolean {
  return typeof value === "string" && value.length <= EMAIL_MAX && hasEmailShape(value);
}

/** The shape alone, at any length; exported so a test can feed it megabytes. */
export function hasEmailShape(value: string): boolean {
  const domain = EMAIL_SHAPE.exec(value)?.[1];
  return domain !== undefined && domain.slice(1, -1).includes(".");
}

const email = yup
  .string()
  .trim()
  .required(VALIDATION.invalidEmail)
  .max(EMAIL_MAX, VALIDATION.emailTooLong)
  .test("email", VALIDATION.invalidEmail, (v) => v == null || isEmailAddress(v));

const firstName = yup.string().trim().required(VALIDATION.firstNameRequired).max(NAME_MAX, VALIDATION.firstNameTooLong);
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

/**
 * An https address with a host: browsers load cover images from it; the server never fetches it. One quantifier
 * after a fixed prefix, so it runs in linear time (`[^\s/?#]+\S*` backtracked quadratically on a long value).
 */
export const HTTPS_URL_PATTERN = /^https:\/\/[^\s/?#]\S*$/i;

/** The cover-image address rule; a value over URL_MAX is left to the length rule, which reports it, unscanned. */
export function isHttpsUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  return value.length > URL_MAX || HTTPS_URL_PATTERN.test(value);
}

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/** A calendar date or a full ISO 8601 timestamp with its offset; impossible dates such as 2026-02-30 are refused. */
export function isIsoTimestamp(value: unknown): boolean {
  if (typeof value !== "string") return false;
  const m = ISO_TIMESTAMP.exec(value);
  if (!m || Number.isNaN(Date.parse(value))) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

/** True when both are valid timestamps and the end comes first: the one cross-field rule of a group's dates. */
export function endsBeforeStart(start: unknown, end: unknown): boolean {
  return isIsoTimestamp(start) && isIsoTimestamp(end) && Date.parse(end as string) < Date.parse(start as string);
}

/** Optional text: trimmed, and an empty string means "none". */
const optionalText = (max: number, message: string) =>
  yup
    .string()
    .trim()
    .nullable()
    .transform((v: string | null) => (v === "" ? null : v))
    .max(max, message);

const coordinate = (min: number, max: number, message: string) =>
  yup.number().nullable().typeError(message).min(min, message).max(max, message);

const isoDate = yup
  .string()
  .nullable()
  .transform((v: string | null) => (v === "" ? null : v))
  .test("iso", VALIDATION.invalidDate, (v) => v == null || isIsoTimestamp(v));

/**
 * Where a place is, as the destination search returns it (PlaceFieldsDto): optional text where an empty string means
 * none, and coordinates within range. Shared by groups and proposals.
 */
const placeFields = {
  destinationAddress: optionalText(DESTINATION_ADDRESS_MAX, VALIDATION.addressTooLong),
  destinationLatitude: coordinate(LATITUDE_MIN, LATITUDE_MAX, VALIDATION.latitudeRange),
  destinationLongitude: coordinate(LONGITUDE_MIN, LONGITUDE_MAX, VALIDATION.longitudeRange),
  destinationPlaceId: optionalText(PLACE_ID_MAX, VALIDATION.placeIdTooLong),
};

/** A group's main destination, as PATCH /api/groups/{id} takes it (DestinationDto): every field optional. */
export const destinationSchema = yup.object({
  destinationName: optionalText(DESTINATION_NAME_MAX, VALIDATION.destinationTooLong),
  ...placeFields,
});

/** What the owner sets about a group in both the Create and the Edit Group dialogs: one set of rules for both. */
const groupFields = {
  name: yup.string().trim().required(VALIDATION.groupNameRequired).max(GROUP_NAME_MAX, VALIDATION.groupNameTooLong),
  description: optionalText(GROUP_DESCRIPTION_MAX, VALIDATION.descriptionTooLong),
  status: yup
    .string()
    .nullable()
    .oneOf([...GROUP_STATUSES, null, undefined], VALIDATION.groupStatusInvalid),
  startDate: isoDate,
  endDate: isoDate.test(
    "not-before-start",
    VALIDATION.endBeforeStart,
    (end, ctx) => !endsBeforeStart((ctx.parent as { startDate?: unknown }).startDate, end),
  ),
};

/** The Create New Travel Group form and POST /api/groups (CreateGroupDto holds the same rules). */
export const createGroupSchema = yup.object({
  ...groupFields,
  coverImageUrl: yup
    .string()
    .trim()
    .nullable()
    .transform((v: string | null) => (v === "" ? null : v))
    .test("https", VALIDATION.coverImageUrlHttps, (v) => v == null || v === "" || isHttpsUrl(v))
    .max(URL_MAX, VALIDATION.coverImageUrlTooLong),
  ...destinationSchema.fields,
});

/**
 * The Edit Group form, and PATCH /api/groups/{id} as that form sends it (UpdateGroupDto holds the same rules): the
 * Create dialog's rules, except that a group's status can be changed but never removed (creating without one means
 * the default).
 */
export const editGroupSchema = yup.object({
  ...groupFields,
  status: groupFields.status.nonNullable(VALIDATION.groupStatusInvalid),
  ...destinationSchema.fields,
});

/** Plan a New Trip: a planning group with a shorter title and description than the Create dialog allows. */
export const planTripSchema = yup.object({
  name: yup.string().trim().required(VALIDATION.tripTitleRequired).max(TRIP_TITLE_MAX, VALIDATION.tripTitleTooLong),
  description: yup.string().trim().max(TRIP_DESCRIPTION_MAX, VALIDATION.descriptionTooLong),
});

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

/** Invite by e-mail: one message for every way an address can be wrong (EmailInviteDto holds the same rule). */
export const inviteEmailSchema = yup.object({
  email: yup
    .string()
    .trim()
    .required(VALIDATION.inviteEmailInvalid)
    .max(EMAIL_MAX, VALIDATION.inviteEmailInvalid)
    .test("email", VALIDATION.inviteEmailInvalid, (v) => v == null || isEmailAddress(v)),
});

/** A new checklist: the title is trimmed and required, the description optional (ChecklistDto). */
export const checklistSchema = yup.object({
  title: yup
    .string()
    .trim()
    .required(VALIDATION.checklistTitleRequired)
    .max(CHECKLIST_TITLE_MAX, VALIDATION.checklistTitleTooLong),
  description: optionalText(CHECKLIST_DESCRIPTION_MAX, VALIDATION.checklistDescriptionTooLong),
});

/** A checklist item (ChecklistItemDto). */
export const checklistItemSchema = yup.object({
  text: yup.string().trim().required(VALIDATION.itemTextRequired).max(CHECKLIST_ITEM_MAX, VALIDATION.itemTextTooLong),
});

/** The destination part of a trip proposal (ProposalDto); the dates or duration are checked by the form's mode. */
export const proposalDestinationSchema = yup.object({
  destinationName: yup
    .string()
    .trim()
    .required(VALIDATION.destinationRequired)
    .min(1, VALIDATION.destinationRequired)
    .max(DESTINATION_NAME_MAX, VALIDATION.destinationTooLong),
  destinationAddress: placeFields.destinationAddress,
});

/**
 * A proposal as POST /api/groups/{id}/proposals takes it (ProposalDto): the destination, where the search placed it,
 * and optionally dates (ISO timestamps) or a duration. Which of dates and duration goes with which is the service's
 * rule (and the propose dialog's), not a field's.
 */
export const proposalSchema = proposalDestinationSchema.shape({
  destinationLatitude: placeFields.destinationLatitude,
  destinationLongitude: placeFields.destinationLongitude,
  destinationPlaceId: placeFields.destinationPlaceId,
  startDate: yup
    .string()
    .nullable()
    .test("iso", VALIDATION.invalidDate, (v) => v == null || isIsoTimestamp(v)),
  endDate: yup
    .string()
    .nullable()
    .test("iso", VALIDATION.invalidDate, (v) => v == null || isIsoTimestamp(v)),
  durationHours: yup
    .number()
    .strict()
    .nullable()
    .typeError(VALIDATION.durationInvalid)
    .integer(VALIDATION.durationInvalid)
    .min(1, VALIDATION.durationInvalid)
    .max(PROPOSAL_DURATION_MAX_HOURS, VALIDATION.durationInvalid),
});

/** A vote on a proposal (VoteDto): yes or no, nothing else. */
export const voteSchema = yup.object({
  vote: yup
    .mixed<VoteValue>()
    .required(VALIDATION.voteInvalid)
    .oneOf([...VOTES], VALIDATION.voteInvalid),
});

/** The owner's arrival radius field; the server's UpdateGroupDto applies the same rule with the same message. */
export const arrivalRadiusSchema = yup.object({
  arrivalRadiusMeters: yup
    .number()
    .typeError(VALIDATION.arrivalRadiusRange)
    .required(VALIDATION.arrivalRadiusRange)
    .integer(VALIDATION.arrivalRadiusRange)
    .min(ARRIVAL_RADIUS_MIN_METERS, VALIDATION.arrivalRadiusRange)
    .max(ARRIVAL_RADIUS_MAX_METERS, VALIDATION.arrivalRadiusRange),
});

/** A coordinate as the API takes it: a finite number, never a numeric string, within its range. */
const strictCoordinate = (min: number, max: number, notANumber: string, outOfRange: string) =>
  yup
    .number()
    .strict()
    .typeError(notANumber)
    .required(notANumber)
    .test("finite", notANumber, (v) => v == null || Number.isFinite(v))
    .min(min, outOfRange)
    .max(max, outOfRange);

/**
 * A member's location: the Update Your Location dialog and POST /api/groups/{id}/locations (LocationUpdateDto holds
 * the same rules). Address and notes are optional text; an empty one means none.
 */
export const locationUpdateSchema = yup.object({
  latitude: strictCoordinate(LATITUDE_MIN, LATITUDE_MAX, VALIDATION.latitudeNumber, VALIDATION.latitudeRange),
  longitude: strictCoordinate(LONGITUDE_MIN, LONGITUDE_MAX, VALIDATION.longitudeNumber, VALIDATION.longitudeRange),
  address: optionalText(LOCATION_ADDRESS_MAX, VALIDATION.addressTooLong),
  notes: optionalText(LOCATION_NOTES_MAX, VALIDATION.locationNotesTooLong),
});

/** Whether a point is on the globe: both coordinates numbers within their ranges. */
export const isValidPoint = (point: { latitude: unknown; longitude: unknown }): boolean =>
  locationUpdateSchema.pick(["latitude", "longitude"]).isValidSync(point);

/** A chat message, in a group or on a shared trip (MessageDto for both): trimmed, never blank. */
export const messageSchema = yup.object({
  content: yup.string().trim().required(VALIDATION.messageRequired).max(MESSAGE_MAX, VALIDATION.messageTooLong),
  messageType: yup
    .string()
    .nullable()
    .oneOf([...MESSAGE_TYPES, null, undefined], VALIDATION.messageTypeInvalid),
});

/** Naming a new tracker app (CreateTrackerDto). */
export const trackerSchema = yup.object({
  name: yup.string().trim().required(TRACKER_TEXTS.nameRequired).max(TRACKER_NAME_MAX, TRACKER_TEXTS.nameTooLong),
});

/** A sharer's position (SharedTripLocationDto): a location update and the speed the device reported, if any. */
export const sharedTripLocationSchema = locationUpdateSchema.shape({
  speed: yup
    .number()
    .strict()
    .nullable()
    .typeError(VALIDATION.speedInvalid)
    .min(0, VALIDATION.speedInvalid)
    .max(SPEED_MAX_MPS, VALIDATION.speedInvalid),
});

/** The two ways to confirm deleting the account: what each asks for, its length limit and its messages. */
const DELETE_ANSWERS = {
  password: { max: PASSWORD_MAX, required: ACCOUNT_TEXTS.passwordRequired, tooLong: VALIDATION.passwordTooLong },
  email: { max: EMAIL_MAX, required: ACCOUNT_TEXTS.emailRequired, tooLong: VALIDATION.emailTooLong },
} as const;

/**
 * Deleting the account: the password, or for an account without one the e-mail address typed out. Its presence and
 * length are checked here, on the answer as it is sent; whether it is right is the server's answer (DELETE
 * /api/auth/user).
 */
export const deleteAccountSchema = (by: "password" | "email") =>
  yup.object({
    answer: yup
      .string()
      .test("required", DELETE_ANSWERS[by].required, (v) => v != null && v.trim() !== "")
      .max(DELETE_ANSWERS[by].max, DELETE_ANSWERS[by].tooLong),
  });

const deleteAnswer = (by: "password" | "email") =>
  yup
    .string()
    .strict()
    .nullable()
    .typeError(DELETE_ANSWERS[by].required)
    .max(DELETE_ANSWERS[by].max, DELETE_ANSWERS[by].tooLong);

/**
 * DELETE /api/auth/user as the API takes it (DeleteAccountDto): either field may be given. Which one the account
 * needs, and whether it is right, is decided by the service.
 */
export const deleteAccountRequestSchema = yup.object({
  password: deleteAnswer("password"),
  email: deleteAnswer("email"),
});

/** Where a share is heading, as the destination search returns it: all three fields or no destination. */
const shareDestinationSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(VALIDATION.shareDestinationIncomplete)
    .max(DESTINATION_NAME_MAX, VALIDATION.destinationTooLong),
  latitude: strictCoordinate(
    LATITUDE_MIN,
    LATITUDE_MAX,
    VALIDATION.shareDestinationIncomplete,
    VALIDATION.latitudeRange,
  ),
  longitude: strictCoordinate(
    LONGITUDE_MIN,
    LONGITUDE_MAX,
    VALIDATION.shareDestinationIncomplete,
    VALIDATION.longitudeRange,
  ),
});

/**
 * Share Your Trip (CreateSharedTripDto): whole hours from 1 to 72, and optionally a destination. A wrong destination
 * is reported on `destination` with its first problem, as the server reports it.
 */
export const createSharedTripSchema = yup.object({
  durationHours: yup
    .number()
    .strict()
    .typeError(SHARE_TEXTS.durationInvalid)
    .required(SHARE_TEXTS.durationInvalid)
    .integer(SHARE_TEXTS.durationInvalid)
    .min(SHARE_DURATION_MIN_HOURS, SHARE_TEXTS.durationInvalid)
    .max(SHARE_DURATION_MAX_HOURS, SHARE_TEXTS.durationInvalid),
  destination: yup
    .mixed()
    .nullable()
    .test("destination", VALIDATION.shareDestinationIncomplete, function check(value) {
      if (value == null) return true;
      if (typeof value !== "object" || Array.isArray(value)) return false;
      // Text only: a number is not turned into a name.
      if (typeof (value as { name?: unknown }).name !== "string") return false;
      try {
        shareDestinationSchema.validateSync(value, { abortEarly: false });
        return true;
      } catch (err) {
        if (!(err instanceof yup.ValidationError)) throw err;
        const order = Object.keys(shareDestinationSchema.fields);
        const first = [...err.inner].sort((a, b) => order.indexOf(a.path ?? "") - order.indexOf(b.path ?? ""))[0];
        return this.createError({ message: first?.message ?? VALIDATION.shareDestinationIncomplete });
      }
    }),
});

/** A yes-or-no switch as the API takes it: a JSON boolean, never "true" or 1. */
const flag = (message: string) => yup.boolean().strict().typeError(message).required(message);

/** Ticking a checklist item (ToggleDto): the checkbox's state. */
export const toggleSchema = yup.object({ completed: flag(VALIDATION.completedFlag) });

/** Turning a tracker app's sharing on or off (TrackerSharingDto). */
export const trackerSharingSchema = yup.object({ enabled: flag(TRACKER_TEXTS.enabledInvalid) });

/** The largest id a Postgres `integer` column holds. */
export const ID_MAX = 2_147_483_647;

const isNotificationId = (v: unknown) => typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= ID_MAX;

/** Marking notifications read (MarkReadDto): a list of ids, or none for all of them. */
export const markReadSchema = yup.object({
  ids: yup
    .mixed<number[]>()
    .nullable()
    .test(
      "ids",
      VALIDATION.notificationIdsInvalid,
      (v) => v == null || (Array.isArray(v) && v.length <= NOTIFICATION_READ_IDS_MAX && v.every(isNotificationId)),
    ),
});

/**
 * A number in a query string: digits with an optional sign and decimals become a number; anything else (empty,
 * repeated, words, exponents) is kept as it came, for the number rule to refuse.
 */
export function parseQueryNumber(value: unknown): unknown {
  return typeof value === "string" && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
}

/** The destination search's text (PlacesQueryDto, GET /api/places?q=): trimmed, at most PLACES_QUERY_MAX. */
export const placesQuerySchema = yup.object({
  q: yup
    .mixed<string>()
    .nullable()
    .transform((v: unknown) => (typeof v === "string" ? v.trim() : v))
    .test("text", VALIDATION.placesQueryRequired, (v) => typeof v === "string")
    .test("length", VALIDATION.placesQueryTooLong, (v) => typeof v !== "string" || v.length <= PLACES_QUERY_MAX),
});

const mapBound = (min: number, max: number) =>
  yup
    .mixed<number>()
    .nullable()
    .transform((v: unknown) => parseQueryNumber(v))
    .test(
      "bound",
      VALIDATION.mapBoundsInvalid,
      (v) => typeof v === "number" && Number.isFinite(v) && v >= min && v <= max,
    );

/** The box the map shows (MapPlacesQueryDto, GET /api/places/map): degrees; west > east crosses the antimeridian. */
export const mapPlacesQuerySchema = yup.object({
  south: mapBound(LATITUDE_MIN, LATITUDE_MAX),
  west: mapBound(LONGITUDE_MIN, LONGITUDE_MAX),
  north: mapBound(LATITUDE_MIN, LATITUDE_MAX),
  east: mapBound(LONGITUDE_MIN, LONGITUDE_MAX),
});

/** A group's uploaded cover image (CoverImageDto): the object path or the spent upload URL, trimmed, never blank. */
export const coverImageSchema = yup.object({
  coverImageURL: yup
    .mixed<string>()
    .nullable()
    .transform((v: unknown) => (typeof v === "string" ? v.trim() : v))
    .test("required", VALIDATION.coverImageUrlRequired, (v) => typeof v === "string" && v !== "")
    .test("length", VALIDATION.coverImageUrlTooLong, (v) => typeof v !== "string" || v.length <= URL_MAX),
});
