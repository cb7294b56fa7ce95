/**
 * A page's first read, asked for as the app starts instead of once the page's code has arrived. On a phone's
 * network the group page's code is a few round trips away and its data one more after that; asked together, the
 * group's name (the page's largest text) shows a round trip sooner. Kept in the first load, so it stays small.
 *
 * Each answer is used once, by the first read of the same path (`apiRequest`), and only until the page's first
 * real-time subscription is answered (`forgetEarlyReads`): the room refetches the reads that started before that
 * moment, which an early read always did, so no event between the read and the subscription is missed.
 *
 * At `/` the first read is who is signed in; when that is someone, the dashboard's reads follow at once, while its
 * code is still on the way. Nobody's (a 204) asks nothing more, so a visitor's page never meets a refusal.
 */
import { GROUPS_PATH, GROUP_STATS_PATH, MY_SHARED_TRIPS_PATH, NOTIFICATIONS_PATH, SESSION_PROBE_PATH } from "./paths";

/** Pages whose first read is known from their address alone. */
const FIRST_READS: [RegExp, (param: string) => string][] = [
  [/^\/groups\/([1-9]\d{0,15})\/?$/, (id) => `/api/groups/${id}`],
  [/^\/shared\/([^/]+)\/?$/, (token) => `/api/shared-trips/${encodeURIComponent(decodeURIComponent(token))}`],
];

/** What the dashboard reads as it opens, as its features ask for it. */
const DASHBOARD_READS = [GROUPS_PATH, GROUP_STATS_PATH, MY_SHARED_TRIPS_PATH, NOTIFICATIONS_PATH];
/** Of those, what the dashboard the server draws does not come with (app/server-render.tsx draws it from the rest). */
const UNDRAWN_DASHBOARD_READS = [NOTIFICATIONS_PATH];

/** An answer not asked for by then is not used: the page has gone elsewhere, or the data may have changed. */
const KEEP_MS = 10_000;

const early = new Map<string, { answer: Promise<Response>; at: number }>();

/** The API path of the page's first read, when its address tells it. */
export function firstReadOf(pathname: string): string | null {
  for (const [pattern, read] of FIRST_READS) {
    const param = pattern.exec(pathname)?.[1];
    if (param === undefined) continue;
    try {
      return read(param);
    } catch {
      return null; // A malformed escape in the address: the page reports it as it would anyway.
    }
  }
  return null;
}

function ask(path: string): Promise<Response> {
  const answer = fetch(path, { headers: { accept: "application/json" }, credentials: "include" });
  // Not used, or used later: a network error is then the page's own read's to report.
  answer.catch(() => undefined);
  early.set(path, { answer, at: Date.now() });
  return answer;
}

/**
 * Asks for the current page's first read, if it has one. At `/`, `signedIn` is called as soon as the probe names
 * someone, with the dashboard's reads. A page the server drew (`drawn`) came with its first read and, for the
 * dashboard, with all its reads but the notifications (api/server-state.ts): only the rest is asked for.
 */
export function startEarlyReads({ signedIn, drawn = false }: { signedIn?: () => void; drawn?: boolean } = {}): void {
  if (navigator.onLine === false) return;
  if (location.pathname === "/") {
    // This runs before the probe's answer reaches the session (client.ts reads it later), so the dashboard, which
    // only opens once the session is known, always finds its reads here.
    ask(SESSION_PROBE_PATH).then(
      (res) => {
        if (res.status !== 200) return;
        for (const path of drawn ? UNDRAWN_DASHBOARD_READS : DASHBOARD_READS) ask(path);
        signedIn?.();
      },
      () => undefined,
    );
    return;
  }
  const path = drawn ? null : firstReadOf(location.pathname);
  if (path) ask(path);
}

/** The early answer for a GET of `path`, once. */
export function takeEarlyRead(path: string): Promise<Response> | undefined {
  const entry = early.get(path);
  if (!entry) return undefined;
  early.delete(path);
  return Date.now() - entry.at <= KEEP_MS ? entry.answer : undefined;
}

/** From now on every read goes to the server. */
export function forgetEarlyReads(): void {
  early.clear();
}
