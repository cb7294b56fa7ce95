/**
 * The only script of a page the server drew (backend/src/http/pages.ts: a shared trip's page). The page is on screen
 * from the HTML; once it has been painted, the app's files are fetched and the app takes the page over (start.tsx),
 * live from then on. Nothing else competes with the page's own first paint for a phone's connection.
 */
import { whenPainted } from "../lib/browser";
import { registerServiceWorker } from "./service-worker";

/** Set while a page reloads because the app's files could not be loaded, so that it reloads once, not in a loop. */
const RELOADED_KEY = "caravan.drawn-reload";

whenPainted(() => {
  import("./start").then(
    ({ startApp }) => {
      sessionStorage.removeItem(RELOADED_KEY);
      // In a task of its own: the one that evaluated the app's modules is long enough.
      setTimeout(startApp);
    },
    () => {
      // A deploy replaced the app's files since this page was drawn: the page drawn again names the new ones. If
      // that already happened (or the connection dropped), the page stays as drawn.
      if (sessionStorage.getItem(RELOADED_KEY)) return;
      sessionStorage.setItem(RELOADED_KEY, "1");
      window.location.reload();
    },
  );
});
// As on every page of the app: the worker keeps the app's code, for offline use and for installing.
registerServiceWorker();
