/**
 * The identity providers: how grant talks to each, and how each one's userinfo answer becomes a ProviderProfile.
 * docs/decisions/0002-oauth.md explains the choices.
 */
import { NAME_MAX, URL_MAX, EMAIL_MAX, type OAuthProvider } from "@caravan/common";
import type { Config, OAuthClientConfig } from "../../config.js";
import type { ProviderProfile } from "./auth.service.js";

/** Grant's own routes: `/api/oauth/<p>` starts the redirect, `/api/oauth/<p>/callback` is the redirect_uri. */
export const GRANT_PREFIX = "/api/oauth";

export const callbackPath = (provider: OAuthProvider) => `${GRANT_PREFIX}/${provider}/callback`;

/**
 * Microsoft's personal-account (consumers) endpoints. Work and school tenants are left out on purpose: their `email`
 * claim is a directory attribute any tenant admin can set to any address, so it proves nothing.
 */
export const MICROSOFT_CONSUMERS = {
  authorizeUrl: "https://login.microsoftonline.com/consumers/oauth2/v2.0/authorize",
  accessUrl: "https://login.microsoftonline.com/consumers/oauth2/v2.0/token",
} as const;

interface GrantProviderConfig {
  key: string;
  secret: string;
  scope: string[];
  state: true;
  nonce: true;
  authorize_url?: string;
  access_url?: string;
  profile_url?: string;
}

export interface GrantSettings {
  defaults: {
    origin: string;
    prefix: string;
    /** Tokens and profile stay in ctx.state for this one request, never in the session store. */
    transport: "state";
    response: string[];
  };
  [provider: string]: GrantSettings["defaults"] | GrantProviderConfig;
}

/** Grant's configuration for every provider that has a client id and secret. */
export function grantSettings(config: Config): GrantSettings {
  const settings: GrantSettings = {
    defaults: {
      origin: config.publicUrl,
      prefix: GRANT_PREFIX,
      transport: "state",
      response: ["tokens", "profile"],
    },
  };
  for (const [provider, client] of Object.entries(config.oauth) as Array<[OAuthProvider, OAuthClientConfig]>) {
    const defaults: { authorizeUrl?: string; accessUrl?: string } = provider === "microsoft" ? MICROSOFT_CONSUMERS : {};
    const entry: GrantProviderConfig = {
      key: client.clientId,
      secret: client.clientSecret,
      scope: ["openid", "email", "profile"],
      state: true,
      nonce: true,
    };
    const authorizeUrl = client.authorizeUrl ?? defaults.authorizeUrl;
    const accessUrl = client.accessUrl ?? defaults.accessUrl;
    if (authorizeUrl) entry.authorize_url = authorizeUrl;
    if (accessUrl) entry.access_url = accessUrl;
    if (client.profileUrl) entry.profile_url = client.profileUrl;
    settings[provider] = entry;
  }
  return settings;
}

type Claims = Record<string, unknown>;

const text = (v: unknown, max: number): string | null => {
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t ? t.slice(0, max) : null;
};

const isTrue = (v: unknown) => v === true || v === "true";

/** Pictures are shown with <img>: only https (the CSP allows nothing else from outside) and of sane length. */
const picture = (v: unknown): string | null => {
  if (typeof v !== "string" || v.length > URL_MAX) return null;
  try {
    return new URL(v).protocol === "https:" ? v : null;
  } catch {
    return null;
  }
};

/**
 * Whether the provider vouches for the e-mail. Google and Yahoo state it in `email_verified`. Microsoft's userinfo has
 * no such claim: a personal Microsoft account's e-mail is the address it signs in with, which Microsoft confirmed,
 * so it counts when the sign-in went through the default consumers endpoints; with overridden endpoints only an
 * explicit `email_verified: true` counts.
 */
function emailVerified(provider: OAuthProvider, claims: Claims, client: OAuthClientConfig): boolean {
  if ("email_verified" in claims) return isTrue(claims.email_verified);
  if (provider !== "microsoft") return false;
  return !client.authorizeUrl && !client.accessUrl && !client.profileUrl;
}

/** The profile to sign in with, from the provider's userinfo answer; null when it is not a usable answer. */
export function toProviderProfile(
  provider: OAuthProvider,
  claims: unknown,
  client: OAuthClientConfig,
): ProviderProfile | null {
  if (!claims || typeof claims !== "object" || Array.isArray(claims)) return null;
  const c = claims as Claims;
  if ("error" in c) return null;
  const email = text(c.email, EMAIL_MAX + 1);
  const usableEmail = email !== null && email.length <= EMAIL_MAX && /^[^\s@]+@[^\s@]+$/.test(email);
  return {
    email: usableEmail ? email : "",
    // No usable e-mail is treated like an unconfirmed one: there is nothing to sign in with.
    emailVerified: usableEmail && emailVerified(provider, c, client),
    firstName: text(c.given_name, NAME_MAX),
    lastName: text(c.family_name, NAME_MAX),
    // Microsoft's `picture` is a Graph URL that needs the access token: a browser cannot show it.
    picture: provider === "microsoft" ? null : picture(c.picture),
  };
}
