import { LANGUAGE_COOKIE, parseAcceptLanguage, resolveLocale } from "@caravan/common";
import type { AppContext } from "./context.js";

/**
 * The language a request is answered in: the signed-in user's profile language when the request loaded the user,
 * else the `caravan_lang` cookie (the landing page's picker; the app keeps it equal to the profile's), else the
 * browser's Accept-Language, else English.
 */
export function requestLocale(ctx: Pick<AppContext, "state" | "cookies" | "get">, profile?: string | null): string {
  return resolveLocale({
    profile: profile ?? ctx.state.user?.language,
    cookie: ctx.cookies.get(LANGUAGE_COOKIE),
    accepted: parseAcceptLanguage(ctx.get("Accept-Language")),
  });
}
