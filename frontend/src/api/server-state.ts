import { hydrate, type DehydratedState, type Query, type QueryClient } from "@tanstack/react-query";
import { SERVER_STATE_ID } from "@caravan/common";

/**
 * How long after the page arrives the reads it was rendered from count as fresh: long enough for the app to take the
 * page over and follow its rooms, short enough that a part opened later reads its data again.
 */
const RENDERED_FRESH_MS = 30_000;

/** The queries filled from the page the server rendered, until their first read from the server. */
const fromServerRender = new WeakSet<Query>();
let takenAt = Number.NEGATIVE_INFINITY;

/**
 * Whether a query still holds only what the server rendered the page from, moments ago. Such a query is not read again
 * as it mounts (`staleTime`, query-client.ts): the page's first real-time subscription reads every query that
 * started before it again anyway (realtime/room.ts), so a read at mount would only be asked twice over the phone's
 * network while the page loads. Without a subscription, the queries' polling reads them in its own time.
 */
export function renderedAndUnread(query: Query): boolean {
  return fromServerRender.has(query) && performance.now() - takenAt < RENDERED_FRESH_MS;
}

/**
 * The reads a page rendered by the server was rendered from (backend/src/http/pages.ts), put into the query cache as
 * it is created, so that the app's first render of the page is the page already on screen rather than its loading state.
 * They are as fresh as the page. Taken once; the element goes with it.
 */
export function takeServerState(queryClient: QueryClient): void {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element) return;
  element.remove();
  let state: DehydratedState;
  try {
    state = JSON.parse(element.textContent ?? "") as DehydratedState;
    hydrate(queryClient, state);
  } catch {
    // Not readable: the page reads everything from the server, as it would without it.
    return;
  }
  const cache = queryClient.getQueryCache();
  takenAt = performance.now();
  for (const { queryHash } of state.queries) {
    const query = cache.get(queryHash);
    if (query) fromServerRender.add(query);
  }
  cache.subscribe((event) => {
    if (event.type === "updated" && event.action.type === "fetch") fromServerRender.delete(event.query);
  });
}
