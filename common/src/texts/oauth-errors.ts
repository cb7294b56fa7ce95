/**
 * Why a provider sign-in did not complete, as the landing page shows it after the provider sends the browser back.
 * Apart from the other errors so that the landing page carries only these.
 */
export const OAUTH_ERRORS = {
  oauthNotConfigured: (provider: string) => `Sign-in with ${provider} is not set up on this server.`,
  /** Under the provider buttons that cannot work here, before anyone taps them. */
  providersNotConfigured: (providers: string[]) =>
    `Sign-in with ${listOf(providers)} is not set up on this server. Use your e-mail address below.`,
  oauthFailed: (provider: string) => `Sign-in with ${provider} did not complete. Please try again.`,
  oauthEmailUnverified: (provider: string) =>
    `${provider} did not confirm an email address for this account, so it cannot be used to sign in.`,
} as const;

/** "A", "A and B", "A, B and C". */
function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
