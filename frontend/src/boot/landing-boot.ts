/**
 * The only script of the landing page the server writes out for a visitor (a first visit to `/`, with no session:
 * frontend/build/prerender.ts). The page is already drawn, and the app stays unloaded until the visitor asks for
 * it: Watch Demo scrolls here, and the buttons that sign in or up load the app, which takes over the page and opens
 * the dialog they name. Once the page has been drawn, the app's files are fetched at low priority
 * (`<link rel="prefetch">`), so the first tap seldom waits for the network.
 */
import { whenSettled } from "../lib/browser";
import { showDialogFrame } from "../lib/dialog-frame";
import type { AuthView } from "../features/auth";
import {
  APP_FILES_TEMPLATE_ID,
  DEMO_SECTION_ID,
  DIALOG_LOADING_ATTRIBUTE,
  DIALOG_TITLE_ATTRIBUTE,
  LANDING_ACTIONS,
  landingActionOf,
  scrollToSection,
} from "../lib/landing-actions";
import { forgetOfflineData } from "../offline";
import { registerServiceWorker } from "./service-worker";

/** The dialog the app opens once loaded: the last one asked for, or none if the visitor dismissed its frame. */
let wanted: AuthView | null = null;
let starting = false;
/** The app's start, once loaded: until the app is on screen (`aria-busy` gone), taps are passed on to it. */
let app: typeof import("./start") | null = null;

function onClick(event: MouseEvent): void {
  const action = landingActionOf(event.target);
  if (!action) return;
  if (app && !document.documentElement.hasAttribute("aria-busy")) {
    // The app is on screen and answers its own buttons.
    document.removeEventListener("click", onClick);
    return;
  }
  event.preventDefault();
  const view = LANDING_ACTIONS[action];
  if (!view) {
    scrollToSection(DEMO_SECTION_ID);
    return;
  }
  if (app) {
    app.openAuthDialog(view);
    return;
  }
  // Answered at once: the dialog's frame, with its title and a spinner, until the app has loaded and opened it.
  wanted = view;
  // The page wrote the dialog's texts, in its language, on the button.
  const button = (event.target as Element).closest(`[${DIALOG_TITLE_ATTRIBUTE}]`);
  const text = (name: string) => button?.getAttribute(name) ?? "";
  showDialogFrame(text(DIALOG_TITLE_ATTRIBUTE), text(DIALOG_LOADING_ATTRIBUTE), () => (wanted = null));
  if (starting) return;
  starting = true;
  document.documentElement.setAttribute("aria-busy", "true");
  // The app's code is evaluated after the frame is painted: run at once, it would hold the paint back.
  requestAnimationFrame(() => setTimeout(loadApp));
}

function loadApp(): void {
  import("./start").then(
    (start) => {
      app = start;
      start.startApp(wanted ? { authView: wanted } : {});
    },
    () => {
      // The app's files could not be loaded (replaced by a deploy, or the connection dropped): load the page again.
      window.location.reload();
    },
  );
}

document.addEventListener("click", onClick);
// The server sends this page only to a browser with no session cookie: nobody is signed in here, so whatever a
// session that ended without signing out kept for offline reading goes now, as the app itself would remove it.
forgetOfflineData();
// The app's files, listed in the page (frontend/build/prerender.ts), once nothing the visitor sees waits for the network.
whenSettled(() => {
  const files = document.getElementById(APP_FILES_TEMPLATE_ID);
  if (files instanceof HTMLTemplateElement) document.head.append(files.content.cloneNode(true));
});
// As on every page of the app: the worker keeps the app's code, for offline use and for installing.
registerServiceWorker();
