/**
 * Reading texts: `t(key, values)` renders the text of `key` in the active language from its catalogue
 * (catalogs/<locale>.ts, ICU MessageFormat), with Lingui's runtime; a key the catalogue lacks is rendered from the
 * English one. The browser has one active language (`activateLocale`); the server renders a page, a refusal or an
 * e-mail in its reader's with `withLocale`. Texts are read at use, never kept,
 * so that switching language changes every text the next render reads. decision 45.
 */
import { setupI18n, type I18n, type Messages } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { en, type MessageId } from "./catalogs/en.js";
import { DEFAULT_LOCALE, isLocale, PSEUDO_LOCALE, type Locale } from "./locales.js";

export * from "./locales.js";
export { fromEnglish } from "./from-english.js";
export type { MessageId } from "./catalogs/en.js";

/** A catalogue: texts by key, in ICU MessageFormat. Another language's may lack keys (English stands in). */
export type Catalog = Readonly<Partial<Record<MessageId, string>>>;

/**
 * The catalogues of the other languages, loaded only when their language is used. A translated catalogue is added
 * here by a line of its own.
 */
const CATALOG_LOADERS: Partial<Record<Locale, () => Promise<Catalog>>> = {
  de: () => import("./catalogs/de.js").then((m) => m.de),
  fr: () => import("./catalogs/fr.js").then((m) => m.fr),
  es: () => import("./catalogs/es.js").then((m) => m.es),
  ar: () => import("./catalogs/ar.js").then((m) => m.ar),
};

export type MessageValues = Record<string, string | number>;

const catalogs = new Map<string, Catalog>([[DEFAULT_LOCALE, en]]);
/** One Lingui instance per language; each message is compiled the first time it is read. */
const instances = new Map<string, I18n>();

let active: string = DEFAULT_LOCALE;
/** How the pseudo-language changes an English message, once it has been asked for (its code loads then). */
let pseudo: ((compiled: unknown) => unknown) | null = null;
/** The language `withLocale` renders in while it runs. */
let rendering: string | null = null;
const listeners = new Set<(locale: string) => void>();

/** The language texts are rendered in now. */
export function activeLocale(): string {
  return rendering ?? active;
}

/** The language's catalogue, loaded (English at once; another once, on first use); none translated: English. */
export async function loadCatalog(locale: string): Promise<void> {
  if (catalogs.has(locale)) return;
  if (locale === PSEUDO_LOCALE) {
    pseudo = (await import("./pseudo.js")).pseudoMessage;
    catalogs.set(locale, {});
    return;
  }
  const load = isLocale(locale) ? CATALOG_LOADERS[locale] : undefined;
  catalogs.set(locale, load ? await load() : {});
}

/** Runs `render` with `locale` active (the server rendering a page or an e-mail for its reader); synchronous only. */
export function withLocale<T>(locale: string, render: () => T): T {
  const before = rendering;
  rendering = locale;
  try {
    return render();
  } finally {
    rendering = before;
  }
}

/** Registers a catalogue built at run time (tests, the pseudo-language). */
export function addCatalog(locale: string, catalog: Catalog): void {
  catalogs.set(locale, catalog);
  instances.delete(locale);
}

/** Makes `locale` the browser's language: loads its catalogue, then tells every listener (the app re-renders). */
export async function activateLocale(locale: string): Promise<void> {
  await loadCatalog(locale);
  if (active === locale) return;
  active = locale;
  for (const listener of listeners) listener(locale);
}

/** Called with the new language each time activateLocale changes it; returns the way to stop. */
export function onLocaleChange(listener: (locale: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function instanceFor(locale: string): I18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = setupI18n({ locale, messages: { [locale]: {} } });
    // A plain text stays a string once compiled (frontend/build/catalogs.ts); Lingui passes it through the compiler
    // it is given (in the browser, the build's stand-in that hands it back) instead of warning about it.
    instance.setMessagesCompiler(compileMessage);
    instances.set(locale, instance);
  }
  return instance;
}

/** The text of `id` in the active language, its placeholders filled from `values`. */
export function t(id: MessageId, values?: MessageValues): string {
  const requested = activeLocale();
  const made = requested === PSEUDO_LOCALE && pseudo;
  const locale = made || catalogs.get(requested)?.[id] !== undefined ? requested : DEFAULT_LOCALE;
  const instance = instanceFor(locale);
  if (!(id in instance.messages)) {
    // In the browser the build has compiled every message already, and this passes it on as it is.
    const compiled = compileMessage((catalogs.get(locale) as Catalog)[id] ?? en[id]);
    instance.load(locale, { [id]: made ? made(compiled) : compiled } as Messages);
  }
  return instance._(id, values);
}
