/**
 * The language of the app's texts: the profile's when someone is signed in and chose one, else the landing page's
 * choice (the LANGUAGE_COOKIE cookie), else the first of the browser's languages Caravan speaks, else English. A page
 * the server rendered says which it chose in `<html lang>`. Changing it re-renders every text at once
 * (common/src/i18n), and `<html lang dir>` follow.
 */
import { useSyncExternalStore } from "react";
import {
  activateLocale,
  activeLocale,
  dirOf,
  isLocale,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  onLocaleChange,
  PSEUDO_LOCALE,
  resolveLocale,
  SERVER_RENDERED_ATTRIBUTE,
  type CurrentUser,
  type Locale,
} from "@caravan/common";

/** The LANGUAGE_COOKIE cookie's value, if any. */
export function languageCookie(): string | null {
  const match = new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** Keeps `locale` for this browser, also for the server's answers and pages before anyone signs in. */
export function keepLanguageCookie(locale: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; samesite=lax`;
}

/** The language the app starts in, before it knows who is signed in. */
export function startingLocale(): string {
  const html = document.documentElement;
  // A page rendered by the server is in the language it chose, the profile's included.
  const lang = html.lang;
  if (document.querySelector(`[${SERVER_RENDERED_ATTRIBUTE}]`) && (isLocale(lang) || lang === PSEUDO_LOCALE))
    return lang;
  return resolveLocale({ cookie: languageCookie(), accepted: navigator.languages });
}

function showLocale(locale: string): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = dirOf(locale);
}

/** Loads the language's texts and shows them. */
export async function showLanguage(locale: string): Promise<void> {
  await activateLocale(locale);
  showLocale(locale);
}

/** The signed-in user's profile language, once known, wins over what the app started in. */
export function followProfileLanguage(user: CurrentUser | null | undefined): void {
  if (!user?.language || !isLocale(user.language)) return;
  keepLanguageCookie(user.language);
  if (user.language !== activeLocale()) void showLanguage(user.language);
}

/** The active language, re-rendering the component when it changes. */
export function useLocale(): string {
  return useSyncExternalStore(onLocaleChange, activeLocale, activeLocale);
}
