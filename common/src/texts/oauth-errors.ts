import { t } from "../i18n/index.js";

/**
 * Why a provider sign-in did not complete, as the landing page shows it after the provider sends the browser back.
 * Apart from the other errors so that the landing page carries only these.
 */
export const OAUTH_ERRORS = {
  oauthNotConfigured: (provider: string) => t("oauthErrors.oauthNotConfigured", { provider }),
  /** Under the provider buttons that cannot work here, before anyone taps them. */
  providersNotConfigured: (providers: string[]) =>
    t("oauthErrors.providersNotConfigured", { providers: listOf(providers) }),
  oauthFailed: (provider: string) => t("oauthErrors.oauthFailed", { provider }),
  oauthEmailUnverified: (provider: string) => t("oauthErrors.oauthEmailUnverified", { provider }),
} as const;

/** "A", "A and B", "A, B and C". */
function listOf(items: string[]): string {
  return items.length <= 1
    ? (items[0] ?? "")
    : t("list.and", { head: items.slice(0, -1).join(", "), last: items.at(-1)! });
}
