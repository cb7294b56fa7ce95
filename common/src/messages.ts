/**
 * Every user-visible text, exactly as docs/product.md quotes it. The texts a visitor's first page needs live here; each screen's
 * own texts live in `texts/`, one file per area, so that a page's code carries only the texts it shows.
 */

import { INPUT_STRING_MAX } from "./limits.js";
import { t } from "./i18n/index.js";

/** Toast titles and texts of docs/product.md §8. */
export const TOASTS = {
  get signupFailedTitle() {
    return t("toasts.signupFailedTitle");
  },
  get signupFailedText() {
    return t("toasts.signupFailedText");
  },
  get accountCreatedTitle() {
    return t("toasts.accountCreatedTitle");
  },
  get accountCreatedText() {
    return t("toasts.accountCreatedText");
  },
  get signinFailedTitle() {
    return t("toasts.signinFailedTitle");
  },
  get signinFailedText() {
    return t("toasts.signinFailedText");
  },
  get unauthorizedTitle() {
    return t("toasts.unauthorizedTitle");
  },
  get unauthorizedText() {
    return t("toasts.unauthorizedText");
  },
  get profileUpdatedTitle() {
    return t("toasts.profileUpdatedTitle");
  },
  get profileUpdatedText() {
    return t("toasts.profileUpdatedText");
  },
  get profileFailedText() {
    return t("toasts.profileFailedText");
  },
  get errorTitle() {
    return t("toasts.errorTitle");
  },
} as const;

/** Privacy statements the UI shows; each one is a fact about the code, proven by a test. */
export const PRIVACY = {
  get trackingOff() {
    return t("privacy.trackingOff");
  },
  get membersOnly() {
    return t("privacy.membersOnly");
  },
  get noAds() {
    return t("privacy.noAds");
  },
  get encrypted() {
    return t("privacy.encrypted");
  },
  get groupLocations() {
    return t("privacy.groupLocations");
  },
} as const;

/** The input guard's answer to a text value longer than INPUT_STRING_MAX. */
export const INPUT_TEXTS = {
  get valueTooLong() {
    return t("input.valueTooLong", { max: INPUT_STRING_MAX });
  },
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
export * from "./texts/language.js";
export * from "./texts/invite-email.js";
