import Router from "@koa/router";
import grantKoaModule from "grant-koa";
import { OAUTH_PROVIDERS, safeReturnTo, type OAuthErrorCode, type OAuthProvider } from "@caravan/common";
import type { Config } from "../../config.js";
import type { AppContext, AppRouter, AppState } from "../../http/context.js";
import { HttpError } from "../../http/errors.js";
import { callbackPath, GRANT_PREFIX, grantSettings, toProviderProfile } from "./oauth.providers.js";

declare module "koa-session" {
  interface Session {
    /** Grant's provider, state and nonce, kept between the redirect to the provider and its callback. */
    grant?: { provider?: string; state?: string; nonce?: string };
  }
}

/**
 * grant-koa is CommonJS whose module.exports is the middleware factory, while its types declare an ES default export;
 * Node hands an ES import the module.exports itself.
 */
const grantKoa = grantKoaModule as unknown as typeof grantKoaModule.default;

/** What grant leaves in ctx.state with the `state` transport. */
interface GrantState {
  grant?: { response?: { error?: unknown; profile?: unknown } };
}

/**
 * Back to the landing page, which explains in words why the provider did not sign the user in. The page the user
 * started from goes along, so that signing in another way still returns there.
 */
function backWithError(ctx: AppContext, provider: OAuthProvider, code: OAuthErrorCode, returnTo: unknown = null) {
  const params = new URLSearchParams({ authError: code, provider });
  const back = safeReturnTo(returnTo);
  if (back) params.set("returnTo", back);
  ctx.redirect(`/?${params}`);
}

/**
 * Provider sign-in. `/api/auth/<p>` is the address the page links to; it remembers `returnTo` and hands over to
 * grant's own routes under GRANT_PREFIX, which cannot collide with the e-mail auth routes under /api/auth.
 */
export function oauthRoutes(config: Config): AppRouter {
  const router = new Router<AppState>();
  const grant = Object.keys(config.oauth).length > 0 ? grantKoa({ config: grantSettings(config) }) : null;

  for (const provider of OAUTH_PROVIDERS) {
    const client = config.oauth[provider];

    router.get(`/api/auth/${provider}`, (ctx) => {
      if (!client) return backWithError(ctx, provider, "not_configured", ctx.query.returnTo);
      const returnTo = safeReturnTo(ctx.query.returnTo);
      if (returnTo) ctx.session!.returnTo = returnTo;
      else delete ctx.session!.returnTo;
      ctx.redirect(`${GRANT_PREFIX}/${provider}`);
    });

    router.get(`${GRANT_PREFIX}/${provider}`, async (ctx) => {
      if (!client || !grant) return backWithError(ctx, provider, "not_configured");
      // Grant answers with the redirect to the provider; it only falls through to next when it could not build one.
      await grant(ctx, async () => backWithError(ctx, provider, "failed"));
    });

    router.get(callbackPath(provider), async (ctx) => {
      const session = ctx.session!;
      const fail = (code: OAuthErrorCode, reason: unknown) => {
        ctx.services.log.warn({ requestId: ctx.state.requestId, provider, reason }, "provider sign-in refused");
        const returnTo = session.returnTo;
        delete session.grant;
        delete session.returnTo;
        backWithError(ctx, provider, code, returnTo);
      };
      // Grant picks the provider from the session, not the path: a callback must come back to the flow it started.
      if (!client || !grant || session.grant?.provider !== provider) return fail("failed", "no sign-in in progress");

      let response: NonNullable<GrantState["grant"]>["response"];
      try {
        // With the state transport grant checks state and nonce, trades the code for tokens, fetches the userinfo
        // with the access token, and then falls through to this callback with the result in ctx.state.
        await grant(ctx, async () => {
          response = (ctx.state as GrantState).grant?.response;
        });
      } catch (err) {
        return fail("failed", err instanceof Error ? err.message : String(err));
      }
      delete session.grant;
      if (!response || response.error) return fail("failed", response?.error ?? "no response");

      const profile = toProviderProfile(provider, response.profile, client);
      if (!profile) return fail("failed", "unusable userinfo answer");
      if (!profile.emailVerified) return fail("unverified", "e-mail not verified by the provider");

      let userId: string;
      try {
        userId = (await ctx.services.auth.signInWithProvider(provider, profile)).id;
      } catch (err) {
        if (err instanceof HttpError && err.status === 403) return fail("unverified", err.message);
        ctx.services.log.error({ err, requestId: ctx.state.requestId, provider }, "provider sign-in failed");
        return fail("failed", "sign-in error");
      }
      const returnTo = safeReturnTo(session.returnTo) ?? "/";
      delete session.returnTo;
      session.userId = userId;
      // A new session id at every sign-in: an id planted before sign-in is worth nothing after it.
      await session.regenerate();
      ctx.redirect(returnTo);
    });
  }

  return router;
}
