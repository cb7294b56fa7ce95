/**
 * Registers the service worker that the build generates with Workbox (vite.config.ts), once the page has loaded, so
 * that it never competes with the first load. The worker keeps the app's code for offline use; a new version waits
 * until the reader chooses "Reload to update" (offline/update-prompt.ts, on the signed-in pages).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  // Without a worker the app works as before, only not offline.
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  // The app may start after the page has loaded (a visitor's first tap on the written-out landing page).
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
}
