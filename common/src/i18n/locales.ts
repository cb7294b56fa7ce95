/**
 * The languages Caravan speaks and how the one a reader gets is chosen: the language saved in their profile, else the
 * one picked on the landing page (the LANGUAGE_COOKIE cookie), else the first their browser asks for that Caravan
 * speaks (Accept-Language on the server, `navigator.languages` in the browser), else English.
 */

/** Every language a reader can choose, in the pickers' order. */
export const SUPPORTED_LOCALES = ["en", "de", "fr", "es", "ar"] as const;
export type Locale = (typeof SUPPORTED_LOCALES)[number];

/** The language of every text no catalogue has, and of a reader nothing else is known about. */
export const DEFAULT_LOCALE: Locale = "en";

/** The pseudo-language (i18n/pseudo.ts): accented, longer English, chosen only by the cookie, for tests. */
export const PSEUDO_LOCALE = "en-XA";

/** The language a signed-out visitor picked on the landing page; a year long, readable by the page's script. */
export const LANGUAGE_COOKIE = "caravan_lang";
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Each language named in itself, as the pickers show it. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  ar: "العربية",
};

const RIGHT_TO_LEFT: readonly string[] = ["ar"];

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/** The writing direction of a language, for `<html dir>`. */
export const dirOf = (locale: string): "ltr" | "rtl" =>
  RIGHT_TO_LEFT.includes(locale.toLowerCase().split("-")[0]!) ? "rtl" : "ltr";

/** The supported language a language tag asks for ("de-CH" is German), or null. */
export function matchLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(base) ? base : null;
}

/** The language tags of an Accept-Language header, most wanted first (by q, then by order); q=0 is left out. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranges: { tag: string; q: number; at: number }[] = [];
  header.split(",").forEach((part, at) => {
    const [tag, ...params] = part.trim().split(";");
    if (!tag || tag === "*") return;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split("=");
      if (name?.trim() === "q") q = Number(value);
    }
    if (Number.isFinite(q) && q > 0 && q <= 1) ranges.push({ tag: tag.trim(), q, at });
  });
  return ranges.sort((a, b) => b.q - a.q || a.at - b.at).map((r) => r.tag);
}

export interface LocaleHints {
  /** The language saved in the reader's profile. */
  profile?: string | null;
  /** The LANGUAGE_COOKIE cookie. */
  cookie?: string | null;
  /** The browser's wishes, most wanted first: parseAcceptLanguage(header) or `navigator.languages`. */
  accepted?: readonly string[];
}

/**
 * The reader's language: profile, else cookie, else the first accepted one Caravan speaks, else English. The cookie
 * may also name the pseudo-language.
 */
export function resolveLocale({ profile, cookie, accepted = [] }: LocaleHints): Locale | typeof PSEUDO_LOCALE {
  if (!matchLocale(profile) && cookie === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  const chosen = matchLocale(profile) ?? matchLocale(cookie);
  if (chosen) return chosen;
  for (const tag of accepted) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}
