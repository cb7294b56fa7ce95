/**
 * Loading a page's code the way `import()` does it (all of its files asked for at once, then every module evaluated
 * together) holds a phone's main thread in a few long tasks: the loader inserts a preload link for each of the
 * twenty to fifty files in the task that asks (a millisecond or two each), and evaluating a page with its libraries
 * takes 50 to 250 ms in one piece. Here the same files are asked for a few per task, and then evaluated one file per
 * task, each after the files it imports; the browser can paint or answer a tap between any two.
 */
import { linkInHead, nextTask } from "./browser";

/** How many files each task asks for. */
export const LINKS_PER_TASK = 4;

/** Starts fetching the module at `url`, as the loader does. */
const preloadModule = (url: string): void => linkInHead("modulepreload", url);

/** The app's own modules, evaluated by address: the build names each file the page needs (build/prerender.ts). */
const importModule = (url: string): Promise<unknown> => import(/* @vite-ignore */ url);

/**
 * Fetches and evaluates the modules at `urls`, listed with every module after those it imports: all are asked for, a
 * few per task, and then each is evaluated in a task of its own. Rejects if one fails to load.
 */
export async function loadModulesInTasks(
  urls: readonly string[],
  { preload = preloadModule, load = importModule } = {},
): Promise<void> {
  for (let i = 0; i < urls.length; i += LINKS_PER_TASK) {
    await nextTask();
    for (const url of urls.slice(i, i + LINKS_PER_TASK)) preload(url);
  }
  // The browser evaluates a module imported once its file is here, in a task of its own; the one after is not asked
  // for before, so that two are never evaluated together.
  for (const url of urls) await load(url);
}
