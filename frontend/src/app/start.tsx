import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { useAuthDialog, type AuthView } from "../features/auth";
import { App } from "./App";
import { drawnByServer } from "./page-code";
import { preloadDrawnPage } from "./router";
import { startHome } from "./HomeRoute";
import { makeCaravanSystem } from "./theme";
import { registerServiceWorker } from "./service-worker";
import { installSessionExpiryHandler } from "./session-expiry";
import { loadDateData } from "../lib/formats";

/**
 * Draws the app into #root, replacing whatever is there (the landing page written at build time, when a visitor's
 * first tap brought the app: landing-boot.ts), with the authentication dialog open on `authView` when given.
 */
export function startApp(options: { authView?: AuthView } = {}): void {
  if (options.authView) useAuthDialog.getState().show(options.authView);
  installSessionExpiryHandler();
  registerServiceWorker();
  const container = document.getElementById("root")!;
  // A page the server drew comes wrapped in [data-drawn]; the landing page written out at build time does not.
  const drawnHere = drawnByServer();
  if (location.pathname === "/") startHome({ landingOnScreen: container.hasChildNodes() && !drawnHere });
  // A page drawn by the server stays until its code is here.
  const drawn = drawnHere ? preloadDrawnPage(location.pathname) : null;
  const root = createRoot(container);
  setTimeout(loadDateData);
  // The theme's system is made in tasks of its own, after the one that evaluated the app's modules, rather than
  // lengthening it: each is shorter, and the browser may paint or answer a tap between them.
  setTimeout(async () => {
    await makeCaravanSystem();
    // As a transition, the first render yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page: a tap or scroll during start-up is answered at once.
    const render = () =>
      startTransition(() => {
        root.render(
          <StrictMode>
            <App />
          </StrictMode>,
        );
      });
    if (drawn) await drawn;
    render();
  }, 0);
}
