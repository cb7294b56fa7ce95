import { startTransition, StrictMode, useEffect, type ReactNode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { useAuthDialog, type AuthView } from "../features/auth";
import { App } from "./App";
import { drawnByServer } from "./page-code";
import { drawnPageAt, pageAt } from "./page-paths";
import { preloadDrawnPage } from "./router";
import { startHome } from "./HomeRoute";
import { makeCaravanSystem } from "./theme";
import { registerServiceWorker } from "./service-worker";
import { installSessionExpiryHandler } from "./session-expiry";
import { loadDateData } from "../lib/formats";
import { showDialogFrame } from "../lib/dialog-frame";
import { AUTH_DIALOG_LOADING, AUTH_DIALOG_TITLES } from "@caravan/common";

/**
 * The parts of a drawn page that only the app draws (the map, the user menu: `onClient`) are sent as their fallback
 * in a boundary the server marks as not finished, and React says so as it draws them (error 419) before drawing
 * them as it always would. That is the design, not a fault; anything else React recovered from is reported.
 */
const CLIENT_ONLY_PART = /\b419\b|could not finish this Suspense boundary/;
const reportRecovered = (error: unknown) => {
  if (!(error instanceof Error && CLIENT_ONLY_PART.test(error.message))) reportError(error);
};

/**
 * The app, once on screen: a page the server drew is no longer marked as drawn (`[data-drawn]`, as when the app draws
 * a page again and replaces it), and can be used (drawn-hold.ts held taps and typing on it till then); the landing
 * page's script stops answering its buttons for the app (`aria-busy`, landing-boot.ts).
 */
function TakingOver({ drawn, children }: { drawn: Element | null; children: ReactNode }) {
  useEffect(() => {
    drawn?.removeAttribute("data-drawn");
    document.documentElement.removeAttribute("aria-busy");
  }, [drawn]);
  return children;
}

/** Opens the sign-in dialog on `view`; the frame a tap showed (landing-boot.ts) now stands for it. */
export function openAuthDialog(view: AuthView): void {
  const dialog = useAuthDialog.getState();
  dialog.show(view);
  showDialogFrame(AUTH_DIALOG_TITLES[view], AUTH_DIALOG_LOADING, dialog.close);
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
  // A page the server drew comes wrapped in [data-drawn]; the landing page written out at build time does not.
  const drawnHere = drawnByServer();
  if (location.pathname === "/") startHome({ landingOnScreen: container.hasChildNodes() && !drawnHere });
  // A page drawn by the server stays until its code is here.
  const drawn = drawnHere ? preloadDrawnPage(location.pathname) : null;
  // The server draws its pages through the app's own tree (server-render.tsx): the app hydrates them, adopting the
  // elements on screen rather than drawing them again.
  const hydrated = drawnHere && drawnPageAt(location.pathname) !== null ? container.firstElementChild : null;
  // The calendar data in a task of its own, for the pages that show dates formatted through Intl (the chat's times,
  // a group's days); a shared trip's times are all relative ("5 min ago"), and its watchers' phones skip the load.
  if (pageAt(location.pathname) !== "sharedTrip") setTimeout(loadDateData);
  // The theme's system is made in tasks of its own, after the one that evaluated the app's modules, rather than
  // lengthening it: each is shorter, and the browser may paint or answer a tap between them.
  setTimeout(async () => {
    await makeCaravanSystem();
    // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page: a tap or scroll during start-up is answered at once.
    if (drawn) await drawn;
    startTransition(() => {
      if (hydrated) {
        // The page on screen is the app's own first drawing (the same components from the same reads): React adopts
        // its elements, in the same slices, and draws again only what differs.
        hydrateRoot(
          hydrated,
          <StrictMode>
            <TakingOver drawn={hydrated}>
              <App />
            </TakingOver>
          </StrictMode>,
          { onRecoverableError: reportRecovered },
        );
      } else {
        createRoot(container).render(
          <StrictMode>
            <TakingOver drawn={null}>
              <App />
            </TakingOver>
          </StrictMode>,
        );
      }
    });
  }, 0);
}
