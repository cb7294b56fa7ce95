/**
 * The only script of the landing page the server writes out for a visitor (a first visit to `/`, with no session:
 * frontend/build/prerender.ts). The page is already drawn, and the app stays unloaded until the visitor asks for
 * it: Watch Demo scrolls here, and the buttons that sign in or up load the app, which takes over the page and opens
 * the dialog they name. Once the page has been drawn, the app's files are fetched at low priority
 * (`<link rel="prefetch">`), so the first tap seldom waits for the network.
 */
import { whenSettled } from "../lib/browser";
import {
  APP_FILES_TEMPLATE_ID,
  DEMO_SECTION_ID,
  LANDING_ACTIONS,
  landingActionOf,
  scrollToSection,
} from "../lib/landing-actions";
import { forgetOfflineData } from "../offline";
import { registerServiceWorker } from "./service-worker";

let starting = false;

function onClick(event: MouseEvent): void {
  const action = landingActionOf(event.target);
  if (!action || starting) return;
  event.preventDefault();
  const view = LANDING_ACTIONS[action];
  if (!view) {
    scrollToSection(DEMO_SECTION_ID);
    return;
  }
  starting = true;
  document.documentElement.setAttribute("aria-busy", "true");
  import("./start").then(
    ({ startApp }) => {
      document.removeEventListener("click", onClick);
      document.documentElement.removeAttribute("aria-busy");
      startApp({ authView: view });
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
