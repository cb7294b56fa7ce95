import { t } from "../i18n/index.js";

/** The language picker of the user menu and the landing page (each language is named in itself: LANGUAGE_NAMES). */
export const LANGUAGE_TEXTS = {
  get title() {
    return t("language.title");
  },
  get saveFailed() {
    return t("language.saveFailed");
  },
} as const;

/** The user menu. */
export const USER_MENU_TEXTS = {
  /** Begins with the initials the button shows, so that what is seen is also what a voice command can say. */
  open: (initials: string) => t("userMenu.open", { initials }),
  get profile() {
    return t("userMenu.profile");
  },
  get logout() {
    return t("userMenu.logout");
  },
} as const;
