/**
 * The landing page's buttons, named in the markup (`data-landing-action`) so that the page written at build time
 * can answer them before the app has loaded (landing-boot.ts), and the app the same way once it has.
 */
export const LANDING_ACTION_ATTRIBUTE = "data-landing-action";

/**
 * The `<template>` of landing.html that lists the app's files as `<link rel="prefetch">`: inert there, so that
 * nothing but the page itself is fetched until it has been drawn; the landing script then adds them to the head.
 */
export const APP_FILES_TEMPLATE_ID = "app-files";

/** Which view of the authentication dialog each button opens; "demo" scrolls to the steps instead. */
export const LANDING_ACTIONS = {
  "sign-in": "providers",
  start: "providers",
  signup: "signup",
  demo: null,
} as const;

export type LandingAction = keyof typeof LANDING_ACTIONS;

/** The attribute that names a button's action, spread onto the button. */
export const landingAction = (action: LandingAction) => ({ [LANDING_ACTION_ATTRIBUTE]: action });

/**
 * The title and the loading text of the sign-in dialog a button opens, written on the button by the page in its
 * language (features/landing/landing-button.ts), so that the landing page's script shows the dialog's frame in that
 * language without carrying any texts.
 */
export const DIALOG_TITLE_ATTRIBUTE = "data-dialog-title";
export const DIALOG_LOADING_ATTRIBUTE = "data-dialog-loading";

/** The action of the button an event happened on, if it is one of the landing page's. */
export function landingActionOf(target: EventTarget | null): LandingAction | null {
  if (!(target instanceof Element)) return null;
  const name = target.closest(`[${LANDING_ACTION_ATTRIBUTE}]`)?.getAttribute(LANDING_ACTION_ATTRIBUTE);
  return name && Object.hasOwn(LANDING_ACTIONS, name) ? (name as LandingAction) : null;
}

/** The section Watch Demo scrolls to. */
export const DEMO_SECTION_ID = "how-it-works";

export function scrollToSection(id: string): void {
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  document.getElementById(id)?.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
}
