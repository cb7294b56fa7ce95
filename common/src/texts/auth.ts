/**
 * The sign-in dialog's own texts beyond the product's: the providers this server cannot use, and the way back to the page
 * the dialog was opened on. Apart from OAUTH_ERRORS, which the landing page carries in its first load.
 */
export const AUTH_TEXTS = {
  /** Under the provider buttons that cannot work here, before anyone taps them. */
  providersNotConfigured: (providers: string[]) =>
    `Sign-in with ${listOf(providers)} is not set up on this server. Use your e-mail address below.`,
  returningProviders: "Sign in or create a free account. You come back to this page right after.",
  returningSignup: "It takes a minute. Then sign in, and you are back on this page.",
  returningSignin: "Welcome back. Once signed in, you are back on this page.",
} as const;

/** "A", "A and B", "A, B and C". */
function listOf(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
