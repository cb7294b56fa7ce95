/**
 * Every user-visible text, exactly as docs/product.md quotes it. The texts a visitor's first page needs live here; each screen's
 * own texts live in `texts/`, one file per area, so that a page's code carries only the texts it shows.
 */

import { INPUT_STRING_MAX } from "./limits.js";

/** Toast titles and texts of docs/product.md §8. */
export const TOASTS = {
  signupFailedTitle: "Sign Up Failed",
  signupFailedText: "Failed to create account",
  accountCreatedTitle: "Account Created",
  accountCreatedText: "Your account has been created successfully. Please sign in.",
  signinFailedTitle: "Sign In Failed",
  signinFailedText: "Invalid email or password",
  unauthorizedTitle: "Unauthorized",
  unauthorizedText: "You are logged out. Logging in again...",
  profileUpdatedTitle: "Profile Updated",
  profileUpdatedText: "Your profile has been successfully updated.",
  profileFailedText: "Failed to update profile",
  errorTitle: "Error",
} as const;

/** Privacy statements the UI shows; each one is a fact about the code, proven by a test. */
export const PRIVACY = {
  trackingOff: "Automatic location tracking is off by default: you decide when your location is shared.",
  membersOnly:
    "Your locations and messages are shared only with the members you invite to your group, and with people you give a live share link until it ends.",
  noAds: "No ads, no tracking, no data selling.",
  encrypted: "Messages, and the addresses and notes attached to shared locations, are stored encrypted.",
  groupLocations:
    "Caravan keeps only your latest location in each group, visible only to its members: every update replaces the previous one, so no history is kept. It is deleted when you stop sharing, leave or are removed from the group, or the group is deleted. Automatic tracking is off by default, and switching it off stops further updates immediately. Addresses and notes are stored encrypted.",
} as const;

/** The input guard's answer to a text value longer than INPUT_STRING_MAX. */
export const INPUT_TEXTS = {
  valueTooLong: `A text value must be at most ${INPUT_STRING_MAX} characters`,
} as const;

export * from "./texts/errors.js";
export * from "./texts/oauth-errors.js";
export * from "./texts/auth.js";
export * from "./texts/auth-dialog.js";
export * from "./texts/validation.js";
export * from "./texts/location.js";
export * from "./texts/share.js";
export * from "./texts/destination.js";
export * from "./texts/upload.js";
export * from "./texts/invite.js";
export * from "./texts/chat.js";
export * from "./texts/checklist.js";
export * from "./texts/proposal.js";
export * from "./texts/group.js";
export * from "./texts/connection.js";
export * from "./texts/notification.js";
export * from "./texts/tracker.js";
export * from "./texts/account.js";
export * from "./texts/offline.js";
export * from "./texts/offline-copy.js";
