/**
 * What the browser holds for Caravan (docs/decisions/0014-offline-and-install.md), for tests: the service worker
 * that answers the app's pages, and the data kept for reading offline.
 */
import type { Page } from "playwright-core";

/** Waits until the page's service worker is active and controls it: from then on it answers reloads itself. */
export async function controlledByServiceWorker(page: Page): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? "");
}

export interface KeptData {
  owner: string;
  queries: { queryKey: unknown[]; data: unknown }[];
}

/** The record kept in IndexedDB, read straight from there (null when nothing is kept). */
export function keptData(page: Page): Promise<KeptData | null> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it empty: look first.
    const names = (await indexedDB.databases()).map((d) => d.name);
    if (!names.includes("caravan-offline")) return null;
    return new Promise<KeptData | null>((resolve, reject) => {
      const open = indexedDB.open("caravan-offline");
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains("data")) {
          db.close();
          resolve(null);
          return;
        }
        const get = db.transaction("data").objectStore("data").get("queries");
        get.onsuccess = () => {
          db.close();
          resolve((get.result as KeptData | undefined) ?? null);
        };
        get.onerror = () => reject(get.error);
      };
    });
  });
}

/** The query keys kept, each as JSON. */
export const keptKeys = async (page: Page): Promise<string[]> =>
  ((await keptData(page))?.queries ?? []).map((q) => JSON.stringify(q.queryKey));

/** The data kept under `queryKey` (undefined when none). */
export const keptQuery = async (page: Page, queryKey: unknown[]): Promise<unknown> =>
  (await keptData(page))?.queries.find((q) => JSON.stringify(q.queryKey) === JSON.stringify(queryKey))?.data;
