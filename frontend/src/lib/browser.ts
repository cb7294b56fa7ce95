/** Full-page navigations: to server routes (login, logout, OAuth) and after sign-in, for a clean client state. */
export function navigateTo(url: string): void {
  window.location.assign(url);
}

export function currentPath(): string {
  return window.location.pathname + window.location.search;
}

/** However the page is shown, what `whenPainted` and `whenSettled` defer runs after this long at the latest. */
const SETTLE_LIMIT_MS = 10_000;

/** `work`, made to run once however many of its triggers fire. */
function once(work: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    work();
  };
}

/** Calls `then` once the page's first content has been painted (at once where the browser does not report paints). */
function afterFirstPaint(then: () => void): void {
  const painted = () => performance.getEntriesByName("first-contentful-paint").length > 0;
  if (!PerformanceObserver.supportedEntryTypes.includes("paint") || painted()) {
    then();
    return;
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: "paint" });
}

/**
 * Runs `work` in a task of its own once the page's first content has been painted: for what the page needs soon, but
 * not before it is on screen (the app taking over a page the server rendered). A tab that is never shown runs it after
 * 10 s.
 */
export function whenPainted(work: () => void): void {
  const run = once(work);
  setTimeout(run, SETTLE_LIMIT_MS);
  afterFirstPaint(() => setTimeout(run));
}

/**
 * Runs `work` once the page has loaded and its first content has been painted, when the browser is next idle: for
 * what nobody waits for (the service worker's download of the app, the landing page's prefetch of it), so that it
 * never competes with what is drawn first. A tab that is never shown runs it after 10 s.
 */
export function whenSettled(work: () => void): void {
  const run = once(work);
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run));
  setTimeout(run, SETTLE_LIMIT_MS);
  if (document.readyState === "complete") afterFirstPaint(idle);
  else window.addEventListener("load", () => afterFirstPaint(idle), { once: true });
}

/** Resolves in a task of its own after this one, without the delay that nested timers get. */
export const nextTask = (): Promise<void> =>
  new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });

/**
 * Asks for one of the app's files as Vite's loader would, with a `<link>` in the head (a stylesheet, or a module to
 * preload), which the loader then finds and does not ask for again.
 */
export function linkInHead(rel: "stylesheet" | "modulepreload", href: string): void {
  const link = document.createElement("link");
  link.rel = rel;
  link.crossOrigin = "";
  link.href = href;
  document.head.append(link);
}
