/**
 * The only script of a page the server rendered (backend/src/http/pages.ts: the dashboard, a group's page, a shared
 * trip's). The page is on screen from the HTML; once it has been painted, the app's files are fetched and the app
 * takes the page over (start.tsx), live from then on. Nothing else competes with the page's own first paint for a
 * phone's connection.
 */
import { linkInHead, nextTask, whenPainted } from "../lib/browser";
import { loadModulesInTasks } from "../lib/modules-in-tasks";
import { holdInput } from "./hold-input";
import { PAGE_MODULES_ID, serverRenderedPage, type PageModules } from "./rendered-page";
import { registerServiceWorker } from "./service-worker";

/** Set while a page reloads because the app's files could not be loaded, so that it reloads once, not in a loop. */
const RELOADED_KEY = "caravan.rendered-reload";

/**
 * The app's files this page needs, as the build listed them in the page (build/prerender.ts): its scripts in the
 * order to load, and the stylesheets of the parts only the app renders.
 */
function filesOfThisPage(): { scripts: string[]; styles: string[] } {
  const listed = document.getElementById(PAGE_MODULES_ID)?.textContent;
  if (!listed) return { scripts: [], styles: [] };
  const modules = JSON.parse(listed) as PageModules;
  const page = serverRenderedPage();
  return {
    scripts: [...modules.app, ...(page ? (modules.pages[page] ?? []) : [])],
    styles: page ? (modules.styles[page] ?? []) : [],
  };
}

// Until the app has the page, a tap or a key on it does nothing that would be lost.
holdInput();

whenPainted(() => {
  const { scripts, styles } = filesOfThisPage();
  // The stylesheets first: the app would ask for them only once it renders their part, after every script.
  // Inserted by a script, a stylesheet holds no paint back; its rules only style what the app renders later.
  for (const href of styles) linkInHead("stylesheet", href);
  // The scripts then, in many short tasks (modules-in-tasks.ts); the import below then finds them all evaluated.
  loadModulesInTasks(scripts)
    .then(() => import("./start"))
    .then(
      async ({ startApp }) => {
        sessionStorage.removeItem(RELOADED_KEY);
        await nextTask();
        startApp();
      },
      () => {
        // A deploy replaced the app's files since this page was rendered: the page rendered again names the new ones.
        // If that already happened (or the connection dropped), the page stays as rendered.
        if (sessionStorage.getItem(RELOADED_KEY)) return;
        sessionStorage.setItem(RELOADED_KEY, "1");
        window.location.reload();
      },
    );
});
// As on every page of the app: the worker keeps the app's code, for offline use and for installing.
registerServiceWorker();
