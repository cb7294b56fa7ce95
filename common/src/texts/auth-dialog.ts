import { t } from "../i18n/index.js";

/**
 * What the sign-in dialog shows before its code has loaded: its titles and the word read out meanwhile. In a file of
 * their own, so that the first load, which shows them on a tap, carries none of the dialog's other texts.
 */
/** Read out while the sign-in dialog's code loads, under its title. */
export const AUTH_DIALOG_TEXTS = {
  get loading() {
    return t("authDialog.loading");
  },
} as const;

/** The title of each view of the sign-in dialog (docs/product.md §2). */
export const AUTH_DIALOG_TITLES = {
  get providers() {
    return t("authDialog.titles.providers");
  },
  get signup() {
    return t("authDialog.titles.signup");
  },
  get signin() {
    return t("authDialog.titles.signin");
  },
} as const;
