import { t } from "./i18n/index.js";

/**
 * Light or dark: what the reader chose in the user menu, kept in this browser, or the system's setting. Every page
 * (the landing page, the pages the server renders, the app's) carries `COLOR_MODE_SCRIPT` in its head, so the
 * first paint is already in the right colours; the Content-Security-Policy allows that one inline script by its hash
 * (backend/src/http/security.ts).
 */

/** The choices the user menu offers, in its order. */
export const COLOR_MODE_CHOICES = ["system", "light", "dark"] as const;
export type ColorModeChoice = (typeof COLOR_MODE_CHOICES)[number];
export type ColorMode = "light" | "dark";

/** Where the browser keeps the choice (localStorage); absent: the system's setting. */
export const COLOR_MODE_STORAGE_KEY = "caravan-color-mode";

/** The media query of the system's dark setting. */
export const DARK_QUERY = "(prefers-color-scheme: dark)";

/** The user menu's words. */
export const COLOR_MODE_TEXTS = {
  get title() {
    return t("colorMode.title");
  },
  get system() {
    return t("colorMode.system");
  },
  get light() {
    return t("colorMode.light");
  },
  get dark() {
    return t("colorMode.dark");
  },
} as const satisfies Record<"title" | ColorModeChoice, string>;

export const isColorModeChoice = (value: unknown): value is ColorModeChoice =>
  typeof value === "string" && (COLOR_MODE_CHOICES as readonly string[]).includes(value);

/**
 * Run in each page's head before anything is painted: puts `light` or `dark` on `<html>` (the class Chakra's
 * `_light` and `_dark` conditions read) from the kept choice or, without one, the system's setting, and follows the
 * system's setting as it changes while no choice is kept. The app changes the class itself when the choice changes
 * (frontend/src/lib/color-mode.ts). Classic, not a module: it runs as the parser reaches it.
 */
export const COLOR_MODE_SCRIPT = `(function(){var d=document.documentElement,q=matchMedia(${JSON.stringify(DARK_QUERY)});function a(){var c=null;try{c=localStorage.getItem(${JSON.stringify(COLOR_MODE_STORAGE_KEY)})}catch(e){}var m=c==="light"||c==="dark"?c:q.matches?"dark":"light";d.classList.remove(m==="dark"?"light":"dark");d.classList.add(m)}a();q.addEventListener("change",a);window.addEventListener("storage",a)})()`;
