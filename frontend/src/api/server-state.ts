import { hydrate, type QueryClient } from "@tanstack/react-query";
import { SERVER_STATE_ID } from "@caravan/common";

/**
 * The reads a page drawn by the server was drawn from (backend/src/http/pages.ts), put into the query cache as it is
 * created, so that the app's first drawing of the page is the page already on screen rather than its loading state.
 * They are as fresh as the page: the page's queries read them again from the server as they mount, as always.
 * Taken once; the element goes with it.
 */
export function takeServerState(queryClient: QueryClient): void {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element) return;
  element.remove();
  try {
    hydrate(queryClient, JSON.parse(element.textContent ?? ""));
  } catch {
    // Not readable: the page reads everything from the server, as it would without it.
  }
}
