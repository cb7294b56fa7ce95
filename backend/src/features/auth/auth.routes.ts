import Router from "@koa/router";
import { SESSION_COOKIE } from "../../http/session-store.js";
import { ERRORS, safeReturnTo } from "@caravan/common";
import type { AppContext, AppRouter, AppState } from "../../http/context.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { unauthorized } from "../../http/errors.js";
import { rateLimit, type LimitName } from "../../http/rate-limit.js";
import { validateBody } from "../../http/validate.js";
import { LanguageDto, ProfileDto, SigninDto, SignupDto } from "./auth.dto.js";
import { presentCurrentUser } from "./user.presenter.js";

/** Ends the caller's session, and the sockets opened with it (other tabs too) stop receiving the user's groups. */
async function signOut(ctx: AppContext): Promise<void> {
  const sid = ctx.cookies.get(SESSION_COOKIE, { signed: true });
  ctx.session = null;
  if (sid) await ctx.services.realtime.endSession?.(sid);
}

/**
 * Whether a GET was a navigation the user made on this site or in the browser itself. Browsers that send
 * Sec-Fetch-Site say so: `same-origin` (a link in the app) and `none` (typed, bookmarked) are; `same-site` and
 * `cross-site` are not, as another site (or another app on a sibling domain) could have made them. A browser that
 * sends no Sec-Fetch-Site (older ones) counts only with a Referer on this origin: a typed address or a bookmark
 * then does not sign out (it only leads to the landing page), which is the safe side, since a page elsewhere
 * can also send no Referer.
 */
export function navigationFromHere(ctx: Pick<AppContext, "get">, publicUrl: string): boolean {
  const site = ctx.get("Sec-Fetch-Site");
  if (site) return site === "same-origin" || site === "none";
  return originOf(ctx.get("Referer")) === originOf(publicUrl) && originOf(publicUrl) !== null;
}

function originOf(url: string): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export function authRoutes(): AppRouter {
  const router = new Router<AppState>();

  router.post("/api/auth/signup", rateLimit("signup"), async (ctx) => {
    const dto = await validateBody(SignupDto, ctx.request.body);
    const user = await ctx.services.auth.signup(dto);
    ctx.status = 201;
    ctx.body = presentCurrentUser(user, true);
  });

  router.post("/api/auth/signin", async (ctx) => {
    const dto = await validateBody(SigninDto, ctx.request.body);
    const { auth, rateLimits } = ctx.services;
    // Failures count for the account at this address, for the account from anywhere and for the address over any
    // accounts: rotating addresses or accounts does not buy a guesser more tries.
    const counts: Array<[LimitName, string]> = [
      ["signin", `${dto.email}|${ctx.ip}`],
      ["signinAccount", dto.email],
      ["signinAddress", ctx.ip],
    ];
    for (const [name, key] of counts) await rateLimits.check(name, key, ERRORS.tooManySignins);
    const user = await auth.verifyCredentials(dto.email, dto.password).catch(async (err: unknown) => {
      await Promise.all(counts.map(([name, key]) => rateLimits.penalize(name, key)));
      throw err;
    });
    await rateLimits.reset("signin", counts[0]![1]);
    ctx.session!.userId = user.id;
    // A new session id at every sign-in: an id planted before sign-in is worth nothing after it.
    await ctx.session!.regenerate();
    ctx.body = presentCurrentUser(user, true);
  });

  // `?probe=1` is the web client asking whether anyone is signed in: "nobody" is then an answer (204), not a
  // failure, so a visitor's page load shows no failed request in the browser console. Without it a visitor gets 401.
  router.get("/api/auth/user", async (ctx) => {
    const userId = ctx.session?.userId;
    const user = userId ? await ctx.services.auth.currentUser(userId) : null;
    if (user) {
      ctx.body = user;
      return;
    }
    // The account is gone: the session must not outlive it (as `currentUser` in guards.ts).
    if (userId) ctx.session = null;
    if (ctx.query.probe !== "1") throw unauthorized();
    ctx.status = 204;
    ctx.set("Cache-Control", "no-store");
  });

  router.put("/api/auth/profile", requireUser, async (ctx) => {
    const dto = await validateBody(ProfileDto, ctx.request.body);
    const user = await ctx.services.auth.updateProfile(ctx.state.user.id, dto);
    ctx.body = await ctx.services.auth.present(user);
  });

  // The language of the user's texts, kept with the account (docs/product.md, "Texts and languages").
  router.put("/api/auth/language", requireUser, async (ctx) => {
    const dto = await validateBody(LanguageDto, ctx.request.body);
    const user = await ctx.services.auth.setLanguage(ctx.state.user.id, dto.language);
    ctx.body = await ctx.services.auth.present(user);
  });

  // The app's own sign-out: a POST, so the Origin check applies.
  router.post("/api/logout", async (ctx) => {
    await signOut(ctx);
    ctx.status = 204;
  });

  // The browser navigation of docs/product.md §7 (a link, a bookmark, the address typed): it signs out when the navigation
  // started on this site or in the browser itself, and otherwise only leads to the landing page, still signed in,
  // so a link or image on another site cannot sign anyone out (see navigationFromHere).
  router.get("/api/logout", async (ctx) => {
    if (navigationFromHere(ctx, ctx.services.config.publicUrl)) await signOut(ctx);
    ctx.set("Cache-Control", "no-store");
    ctx.redirect("/");
  });

  /** The sign-in screen is the landing page's dialog; `returnTo` brings the user back where they were. */
  router.get("/api/login", async (ctx) => {
    const returnTo = safeReturnTo(ctx.query.returnTo);
    if (await currentUser(ctx)) return ctx.redirect(returnTo ?? "/");
    const params = new URLSearchParams({ signin: "1" });
    if (returnTo) params.set("returnTo", returnTo);
    ctx.redirect(`/?${params}`);
  });

  router.get("/api/config", async (ctx) => {
    ctx.body = await ctx.services.clientConfig();
  });

  return router;
}
