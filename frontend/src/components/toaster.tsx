import { lazy, Suspense, useSyncExternalStore } from "react";
import { errorText, isSessionExpired } from "../api/client";
import { navigateTo } from "../lib/browser";

export type ToastKind = "success" | "error" | "info" | "warning";

/** A button in the toast that does something and closes it. */
export interface ToastAction {
  label: string;
  onClick(): void;
}

// The toast machinery is loaded with the first toast, not with the page: most page loads never show one.
const loadView = () => import("./toaster-view");
const ToasterView = lazy(() => loadView().then((m) => ({ default: m.ToasterView })));

let wanted = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function mount(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function show(kind: ToastKind, title: string, description?: string, action?: ToastAction): Promise<void> {
  mount();
  return loadView().then((view) => view.show(kind, title, description, action));
}

/**
 * Fetches and mounts the toast view once the page is idle, for screens that act on the user's behalf (signed in): so
 * the first toast does not wait for its code while a redirect that follows it is already counting. A visitor's
 * landing page never calls it, and keeps its first load small.
 */
export function prepareToaster(): void {
  const warm = () => void loadView().then(mount);
  if ("requestIdleCallback" in window) window.requestIdleCallback(warm, { timeout: 2_000 });
  else setTimeout(warm, 1_000);
}

/**
 * One toast at a time (docs/product.md §9): a new one replaces whatever is showing. One with an action button stays until the
 * button or the close button is pressed.
 */
export function notify(kind: ToastKind, title: string, description?: string, action?: ToastAction): void {
  void show(kind, title, description, action);
}

/**
 * Says something, then leaves for `url` once the reader has had `delayMs` to read it: counted from when the toast's
 * code is there, so a slow first toast is not cut short by the redirect.
 */
export function notifyThenGo(
  title: string,
  text: string,
  url: string,
  delayMs: number,
  kind: ToastKind = "info",
): void {
  void show(kind, title, text)
    .catch(() => undefined)
    .then(() => window.setTimeout(() => navigateTo(url), delayMs));
}

/**
 * The failure toast of a call: the server's message, else `fallback`. Nothing when the call failed because the
 * session ended, which the app already announces before sending the browser to sign in.
 */
export function notifyFailure(title: string, error: unknown, fallback: string): void {
  if (isSessionExpired(error)) return;
  notify("error", title, errorText(error, fallback));
}

/** No toast on a page the server draws, nor in the app's first drawing over it (start.tsx hydrates it). */
const notWanted = () => false;

export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => wanted, notWanted);
  return shown ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
