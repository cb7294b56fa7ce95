import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { useAuthDialog, type AuthView } from "../features/auth";
import { App } from "../app/App";
import { AUTH_DIALOG_TEXTS, AUTH_DIALOG_TITLES, SERVER_RENDERED_ATTRIBUTE } from "@caravan/common";
import { pageAt } from "../app/page-code";
import { preloadServerRenderedPage } from "../app/router";
import { startHome } from "../app/HomeRoute";
import { makeCaravanSystem } from "../app/theme";
import { installSessionExpiryHandler } from "../app/session-expiry";
import { serverRenderedPage } from "./rendered-page";
import { registerServiceWorker } from "./service-worker";
import { loadDateData } from "../lib/formats";
import { showDialogFrame } from "../lib/dialog-frame";
import { showLanguage, startingLocale } from "../lib/language";

/**
 * The parts of a server-rendered page that only the app renders (the map, the user menu: `onClient`) are sent as their
 * fallback in a boundary the server marks as not finished, and React says so as it renders them (error 419) before
 * rendering them as it always would. That is the design, not a fault; anything else React recovered from is reported.
 */
const CLIENT_ONLY_PART = /\b419\b|could not finish this Suspense boundary/;
const reportRecovered = (error: unknown) => {
  if (!(error instanceof Error && CLIENT_ONLY_PART.test(error.message))) reportError(error);
};

/**
 * The app, once on screen: a page the server rendered is no longer marked as server-rendered
 * (`[data-server-rendered]`, as when the app renders a page again and replaces it), and can be used (hold-input.ts
 * held taps and typing on it till then); the landing page's script stops answering its buttons for the app
 * (`aria-busy`, landing-boot.ts).
 */
function TakingOver({ page, children }: { page: Element | null; children: ReactNode }) {
  useEffect(() => {
    page?.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
    document.documentElement.removeAttribute("aria-busy");
  }, [page]);
  return children;
}

/** Opens the sign-in dialog on `view`; the frame a tap showed (landing-boot.ts) now stands for it. */
export function openAuthDialog(view: AuthView): void {
  const dialog = useAuthDialog.getState();
  dialog.show(view);
  showDialogFrame(AUTH_DIALOG_TITLES[view], AUTH_DIALOG_TEXTS.loading, dialog.close);
}

/**
 * Draws the app into #root, replacing whatever is there (the landing page written at build time, when a visitor's
 * first tap brought the app: landing-boot.ts), with the authentication dialog open on `authView` when given.
 */
export function startApp(options: { authView?: AuthView } = {}): void {
  if (options.authView) openAuthDialog(options.authView);
  installSessionExpiryHandler();
  registerServiceWorker();
  const container = document.getElementById("root")!;
  // A page the server rendered comes wrapped in its mark; the landing page prerendered at build time does not.
  const serverRendered = serverRenderedPage();
  if (location.pathname === "/") startHome({ landingOnScreen: container.hasChildNodes() && !serverRendered });
  // A page rendered by the server stays until its code is here.
  const codeLoaded = serverRendered ? preloadServerRenderedPage(serverRendered) : null;
  // The server renders its pages through the app's own tree (server-render.tsx): the app hydrates them, adopting the
  // elements on screen rather than rendering them again.
  const hydrated = serverRendered ? container.firstElementChild : null;
  // The calendar data in a task of its own, for the pages that show dates formatted through Intl (the chat's times,
  // a group's days); a shared trip's times are all relative ("5 min ago"), and its watchers' phones skip the load.
  if (pageAt(location.pathname) !== "sharedTrip") setTimeout(loadDateData);
  // The theme's system is made in tasks of its own, after the one that evaluated the app's modules, rather than
  // lengthening it: each is shorter, and the browser may paint or answer a tap between them.
  setTimeout(async () => {
    await Promise.all([makeCaravanSystem(), showLanguage(startingLocale())]);
    // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page: a tap or scroll during start-up is answered at once.
    if (codeLoaded) await codeLoaded;
    startTransition(() => {
      if (hydrated) {
        // The page on screen is the app's own first render (the same components from the same reads): React adopts
        // its elements, in the same slices, and renders again only what differs.
        hydrateRoot(
          hydrated,
          <StrictMode>
            <TakingOver page={hydrated}>
              <App />
            </TakingOver>
          </StrictMode>,
          { onRecoverableError: reportRecovered },
        );
      } else {
        createRoot(container).render(
          <StrictMode>
            <TakingOver page={null}>
              <App />
            </TakingOver>
          </StrictMode>,
        );
      }
    });
  }, 0);
}
