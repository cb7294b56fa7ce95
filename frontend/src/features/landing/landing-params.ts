import { OAUTH_ERRORS, OAUTH_PROVIDERS, OAUTH_PROVIDER_LABELS, type OAuthProvider } from "@caravan/common";
import { safeReturnTo } from "../../lib/return-to";

export interface LandingParams {
  /** `?signin=1`: the server's /api/login sent the visitor here to sign in. */
  openSignin: boolean;
  /** Where to go after signing in, when it is a path on this site. */
  returnTo: string | null;
  /** Why a provider sign-in came back without signing in, in plain words. */
  authError: string | null;
}

const AUTH_ERROR_TEXT: Record<string, (label: string) => string> = {
  not_configured: OAUTH_ERRORS.oauthNotConfigured,
  failed: OAUTH_ERRORS.oauthFailed,
  unverified: OAUTH_ERRORS.oauthEmailUnverified,
};

function isProvider(value: string | null): value is OAuthProvider {
  return value !== null && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

export function readLandingParams(search: string | URLSearchParams): LandingParams {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const provider = params.get("provider");
  const describe = AUTH_ERROR_TEXT[params.get("authError") ?? ""];
  return {
    openSignin: params.get("signin") === "1",
    returnTo: safeReturnTo(params.get("returnTo")),
    authError: describe && isProvider(provider) ? describe(OAUTH_PROVIDER_LABELS[provider]) : null,
  };
}
