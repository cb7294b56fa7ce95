/**
 * A page's first reads, asked for as the app starts instead of once the page's code has arrived. On a phone's
 * network the group page's code is a few round trips away and its data one more after that; asked together, the
 * group's name (the page's largest text) shows a round trip sooner. In the first load, so it stays small.
 *
 * Each page declares its first reads in common's list of pages (common/src/pages.ts, `earlyReads`). Each answer is
 * used once, by the first read of the same path (`apiRequest`), and only until the page's first real-time
 * subscription is answered (`forgetEarlyReads`): the room refetches the reads that started before that moment, which
 * an early read always did, so no event between the read and the subscription is missed.
 *
 * A page only for someone signed in (the dashboard at `/`) first asks who is signed in; when that is someone, its
 * reads follow at once, while its code is still on the way. Nobody's (a 204) asks nothing more, so a visitor's page
 * never meets a refusal.
 */
import { fillPath, matchPage, PAGES, SESSION_PROBE_PATH, type PageDeclaration } from "@caravan/common";

/** An answer not asked for by then is not used: the page has gone elsewhere, or the data may have changed. */
const KEEP_MS = 10_000;

const early = new Map<string, { answer: Promise<Response>; at: number }>();

/** The page at `pathname`, when its params are what it reads, and its first reads. */
function readsAt(
  pathname: string,
  serverRendered: boolean,
): { page: PageDeclaration; reads: readonly string[] } | null {
  const match = matchPage(pathname);
  const params = match?.params;
  if (!match || !params) return null;
  const page: PageDeclaration = PAGES[match.page];
  const reads = (page.earlyReads ?? []).filter((path) => !serverRendered || page.notRendered?.includes(path));
  return { page, reads: reads.map((path) => fillPath(path, params)) };
}

/**
 * The API paths of the page's first reads, when its address alone tells them: none when its params are not what it
 * reads, or for a page only for someone signed in (they wait for the probe).
 */
export function earlyReadsOf(pathname: string): readonly string[] {
  const found = readsAt(pathname, false);
  return found && !found.page.signedIn ? found.reads : [];
}

function ask(path: string): Promise<Response> {
  const answer = fetch(path, { headers: { accept: "application/json" }, credentials: "include" });
  // Not used, or used later: a network error is then the page's own read's to report.
  answer.catch(() => undefined);
  early.set(path, { answer, at: Date.now() });
  return answer;
}

/**
 * Asks for the current page's first reads, if it has any. For a page only for someone signed in, `signedIn` is
 * called as soon as the probe names someone, with the page's reads. A page the server rendered (`serverRendered`)
 * came with its reads but those its declaration says it does not (api/server-state.ts): only those are asked for.
 */
export function startEarlyReads({
  signedIn,
  serverRendered = false,
}: { signedIn?: () => void; serverRendered?: boolean } = {}): void {
  if (navigator.onLine === false) return;
  const found = readsAt(location.pathname, serverRendered);
  if (!found) return;
  const { page, reads } = found;
  if (page.signedIn) {
    // This runs before the probe's answer reaches the session (client.ts reads it later), so the page, which only
    // opens once the session is known, always finds its reads here.
    ask(SESSION_PROBE_PATH).then(
      (res) => {
        if (res.status !== 200) return;
        for (const path of reads) ask(path);
        signedIn?.();
      },
      () => undefined,
    );
    return;
  }
  for (const path of reads) ask(path);
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
