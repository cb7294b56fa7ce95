import { useEffect } from "react";
import { OFFLINE_TEXTS } from "@caravan/common";
import { notify } from "../components/toaster";

/** How often a page that stays open asks whether a new version was deployed (browsers also ask on navigation). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let watching = false;

/**
 * "Reload to update" on the signed-in pages: when a new version's service worker is installed and waiting (the
 * first one takes over at once), a toast offers to let it take over; pressing it does, and reloads the page.
 */
export function useUpdatePrompt(): void {
  useEffect(() => {
    const sw = navigator.serviceWorker as ServiceWorkerContainer | undefined;
    if (watching || !sw) return;
    watching = true;
    const offer = (worker: ServiceWorker | null) => {
      if (!worker || !sw.controller) return;
      notify("info", OFFLINE_TEXTS.updateReady, undefined, {
        label: OFFLINE_TEXTS.reloadToUpdate,
        onClick: () => {
          sw.addEventListener("controllerchange", () => window.location.reload());
          // Workbox's generated worker activates on this message (skipWaiting is off, so updates wait to be asked).
          worker.postMessage({ type: "SKIP_WAITING" });
        },
      });
    };
    void sw.ready.then((registration) => {
      offer(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const installing = registration.installing;
        installing?.addEventListener("statechange", () => installing.state === "installed" && offer(installing));
      });
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    });
  }, []);
}
