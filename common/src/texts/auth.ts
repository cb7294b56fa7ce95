import { t } from "../i18n/index.js";

/**
 * The sign-in dialog's own texts beyond the product's: the providers this server cannot use, and the way back to the page
 * the dialog was opened on. Apart from OAUTH_ERRORS, which the landing page carries in its first load.
 */
export const AUTH_TEXTS = {
  /** Under the provider buttons that cannot work here, before anyone taps them. */
  providersNotConfigured: (providers: string[]) => t("auth.providersNotConfigured", { providers: listOf(providers) }),
  get returningProviders() {
    return t("auth.returningProviders");
  },
  get returningSignup() {
    return t("auth.returningSignup");
  },
  get returningSignin() {
    return t("auth.returningSignin");
  },
} as const;

/** "A", "A and B", "A, B and C". */
function listOf(items: string[]): string {
  return items.length <= 1
    ? (items[0] ?? "")
    : t("list.and", { head: items.slice(0, -1).join(", "), last: items.at(-1)! });
}
