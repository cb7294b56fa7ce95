import { whenSettled } from "../lib/browser";

/**
 * Registers the service worker that the build generates with Workbox (vite.config.ts), once the page has loaded and
 * been painted, so that it never competes with the first load. The worker keeps the app's code for offline use; a new
 * version waits until the reader chooses "Reload to update" (offline/update-prompt.ts, on the signed-in pages).
 */
let registering = false;

export function registerServiceWorker(): void {
  // Once per page: a page's own small script (landing-boot.ts, rendered-boot.ts) asks, and so does the app it starts.
  if (registering || !import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  registering = true;
  // Without a worker the app works as before, only not offline.
  whenSettled(() => void navigator.serviceWorker.register("/sw.js").catch(() => undefined));
}
