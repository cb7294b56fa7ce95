import Router from "@koa/router";
import { SESSION_COOKIE } from "../../http/session-store.js";
import type { ClientConfig } from "@caravan/common";
import type { AppRouter, AppState } from "../../http/context.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { validateBody } from "../../http/validate.js";
import { ProfileDto, SigninDto, SignupDto } from "./auth.dto.js";
import { presentCurrentUser } from "./user.presenter.js";

/** Only same-site paths may be returned to after signing in. */
export function safeReturnTo(value: unknown): string | null {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.includes("\\")
    ? value
    : null;
}

export function authRoutes(): AppRouter {
  const router = new Router<AppState>();

  router.post("/api/auth/signup", async (ctx) => {
    const dto = await validateBody(SignupDto, ctx.request.body);
    const user = await ctx.services.auth.signup(dto);
    ctx.status = 201;
    ctx.body = presentCurrentUser(user);
  });

  router.post("/api/auth/signin", async (ctx) => {
    const dto = await validateBody(SigninDto, ctx.request.body);
    const { auth, signinThrottle } = ctx.services;
    const key = `${dto.email}|${ctx.ip}`;
    signinThrottle.check(key);
    const user = await auth.verifyCredentials(dto.email, dto.password).catch((err: unknown) => {
      signinThrottle.fail(key);
      throw err;
    });
    signinThrottle.succeed(key);
    ctx.session!.userId = user.id;
    // A new session id at every sign-in: an id planted before sign-in is worth nothing after it.
    await ctx.session!.regenerate();
    ctx.body = presentCurrentUser(user);
  });

  router.get("/api/auth/user", requireUser, (ctx) => {
    ctx.body = presentCurrentUser(ctx.state.user);
  });

  router.put("/api/auth/profile", requireUser, async (ctx) => {
    const dto = await validateBody(ProfileDto, ctx.request.body);
    ctx.body = presentCurrentUser(await ctx.services.auth.updateProfile(ctx.state.user.id, dto));
  });

  router.get("/api/logout", async (ctx) => {
    const sid = ctx.cookies.get(SESSION_COOKIE, { signed: true });
    ctx.session = null;
    // Sockets opened with this session (other tabs too) must not keep receiving the user's groups.
    if (sid) await ctx.services.realtime.endSession?.(sid);
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

  router.get("/api/config", (ctx) => {
    const { config } = ctx.services;
    const body: ClientConfig = {
      oauthProviders: Object.keys(config.oauth) as ClientConfig["oauthProviders"],
      googleMapsApiKey: config.googleMapsApiKey,
      tileUrl: config.tileUrl,
      publicUrl: config.publicUrl,
      shareRetentionHours: config.shareRetentionHours,
    };
    ctx.body = body;
  });

  return router;
}
