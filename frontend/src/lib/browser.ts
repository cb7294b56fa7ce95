/** Full-page navigations: to server routes (login, logout, OAuth) and after sign-in, for a clean client state. */
export function navigateTo(url: string): void {
  window.location.assign(url);
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** However the page is shown, what `whenSettled` defers runs after this long at the latest. */
const SETTLE_LIMIT_MS = 10_000;

/**
 * Runs `work` once the page has loaded and its first content has been painted, when the browser is next idle: for
 * what nobody waits for (the service worker's download of the app, the landing page's prefetch of it), so that it
 * never competes with what is drawn first. A tab that is never shown runs it after 10 s.
 */
export function whenSettled(work: () => void): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run));
  const afterFirstPaint = () => {
    const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
    if (!PerformanceObserver.supportedEntryTypes.includes("paint") || painted()) {
      idle();
      return;
    }
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      idle();
    });
    observer.observe({ type: "paint" });
  };
  setTimeout(run, SETTLE_LIMIT_MS);
  if (document.readyState === "complete") afterFirstPaint();
  else window.addEventListener("load", afterFirstPaint, { once: true });
}
