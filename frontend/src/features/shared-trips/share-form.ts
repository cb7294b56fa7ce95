/**
 * The Share Your Trip form's rules (docs/product.md §5), apart from the screens' other rules (rules.ts): they check against
 * common's schema, whose validation library only the dialog loads.
 */
import {
  SHARE_DURATION_DEFAULT_HOURS,
  SHARE_DURATION_MAX_HOURS,
  SHARE_DURATION_MIN_HOURS,
  createSharedTripSchema,
  firstErrors,
  type CreateSharedTripPayload,
  type SharedTripDestination,
} from "@caravan/common";

/** Whole hours in 1-72; anything that is not a number becomes 1. */
export function clampDuration(raw: string | number): number {
  const n = typeof raw === "number" ? Math.trunc(raw) : Number.parseInt(raw, 10);
  if (!Number.isFinite(n)) return SHARE_DURATION_MIN_HOURS;
  return Math.min(SHARE_DURATION_MAX_HOURS, Math.max(SHARE_DURATION_MIN_HOURS, n));
}

/**
 * The duration field's text after an edit: clamped at once, except that it may be empty for a moment so the
 * number can be retyped (an empty field counts as 1 when the share is created).
 */
export function nextDurationText(raw: string): string {
  return raw.trim() === "" ? "" : String(clampDuration(raw));
}

/** The Share Your Trip form: the duration field's text as typed, and the destination picked in the search. */
export interface ShareForm {
  durationHours: string;
  destination: SharedTripDestination | null;
}

export const emptyShareForm: ShareForm = { durationHours: String(SHARE_DURATION_DEFAULT_HOURS), destination: null };

/** What the form sends: the duration clamped to whole hours in 1-72 (an empty field counts as 1). */
export function sharePayload(values: ShareForm): CreateSharedTripPayload {
  return { durationHours: clampDuration(values.durationHours), destination: values.destination };
}

/** The form's check: the payload it would send, against common's createSharedTripSchema (as the server checks it). */
export function validateShareForm(values: ShareForm): Promise<Partial<Record<keyof ShareForm, string>>> {
  return firstErrors(createSharedTripSchema, sharePayload(values));
}
