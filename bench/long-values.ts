/**
 * A 100 kB value in every field of every route, signed in and signed out, while a second connection keeps asking
 * /healthz: how long each refusal takes, and whether the server stays responsive meanwhile. Part of
 * `npm run bench -- hostile-input`; the routes are walked from the app's own router, so a route added later is swept
 * too.
 */
import { loadConfig } from "../backend/src/config.js";
import { apiRouter } from "../backend/src/app.js";
import { REQUEST_FIELDS } from "../backend/test/request-fields.js";
import { summarize, type Summary } from "./lib.js";

/** The size the sweep sends in each body field: 100 kB, just inside the 100 KiB JSON body limit with its field name. */
export const LONG_VALUE_BYTES = 100_000;
/**
 * The size it sends in each query-string field. Node refuses a request whose head is over 16 KiB (431) before the
 * app sees it, so this is about the longest value a query string can bring to the app's parsers.
 */
export const LONG_QUERY_BYTES = 15_000;

/** Two shapes of a long value: digits (what number patterns crawl on) and a dotted address (what e-mail ones do). */
const longValue = (i: number, bytes = LONG_VALUE_BYTES) =>
  i % 2 === 0 ? "1".repeat(bytes - 1) + "x" : "a@" + ".".repeat(bytes - 3) + "@";

export interface SweepIds {
  group: number;
  checklist: number;
  item: number;
  proposal: number;
  share: string;
  tracker: string;
  invite: string;
  userId: string;
}

/** "METHOD /path" of every route the app serves, from its router (HEAD comes with GET). */
export function appRoutes(): Array<{ method: string; path: string }> {
  const router = apiRouter(loadConfig({}));
  const found = new Map<string, { method: string; path: string }>();
  for (const layer of router.stack) {
    for (const method of layer.methods) {
      if (method !== "HEAD") found.set(`${method} ${String(layer.path)}`, { method, path: String(layer.path) });
    }
  }
  return [...found.values()];
}

/** A route's path with its parameters filled with real ids, so the request reaches the route's own checks. */
function concrete(path: string, ids: SweepIds): string {
  const token = path.startsWith("/api/invites") ? ids.invite : path.startsWith("/api/shared-trips") ? ids.share : "x";
  return path
    .replace(":groupId", String(ids.group))
    .replace(":proposalId", String(ids.proposal))
    .replace(":userId", ids.userId)
    .replace(":inviteId", "1")
    .replace(":folder", "covers")
    .replace(":name", "none.webp")
    .replace(":token", token)
    .replace(
      ":id",
      path.startsWith("/api/checklists")
        ? String(ids.checklist)
        : path.startsWith("/api/checklist-items")
          ? String(ids.item)
          : path.startsWith("/api/proposals")
            ? String(ids.proposal)
            : String(ids.group),
    );
}

export interface SweepResult {
  requests: number;
  /** Every answer's time, and those of the refusals (4xx) of a long value in a body. */
  answer: Summary;
  bodyRefusal: Summary;
  /** Status code -> count, of the requests with the value in their body, and of those with it in the query string. */
  statuses: { body: Map<number, number>; query: Map<number, number> };
  /** The slowest few requests, for the table. */
  slowest: Array<{ what: string; ms: number; status: number }>;
  health: Summary;
  healthFailures: number;
  /** Requests that got no answer within the client's limit. */
  unanswered: string[];
}

/**
 * Sends the long value in each field, once in the body of each route that takes one and once in the query string of
 * each route, as `cookie` (signed in) and without it. /healthz is asked every 20 ms on its own connection meanwhile.
 */
export async function longValueSweep(base: string, cookie: string, ids: SweepIds): Promise<SweepResult> {
  const times: number[] = [];
  const bodyRefusals: number[] = [];
  const statuses = { body: new Map<number, number>(), query: new Map<number, number>() };
  const slow: Array<{ what: string; ms: number; status: number }> = [];
  const unanswered: string[] = [];
  const healthTimes: number[] = [];
  let healthFailures = 0;
  let sweeping = true;

  const healthLoop = (async () => {
    while (sweeping) {
      const started = performance.now();
      try {
        const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (res.status !== 200) healthFailures += 1;
      } catch {
        healthFailures += 1;
      }
      healthTimes.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();

  const send = async (
    what: string,
    method: string,
    url: string,
    body: string | undefined,
    signedIn: boolean,
    type = "application/json",
  ) => {
    const started = performance.now();
    try {
      const res = await fetch(base + url, {
        method,
        body,
        headers: {
          ...(body === undefined ? {} : { "content-type": type }),
          ...(signedIn ? { cookie } : {}),
        },
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer();
      const took = performance.now() - started;
      times.push(took);
      if (!what.includes("?") && res.status >= 400 && res.status < 500) bodyRefusals.push(took);
      const seen = what.includes("?") ? statuses.query : statuses.body;
      seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
      slow.push({ what, ms: took, status: res.status });
      slow.sort((a, b) => b.ms - a.ms);
      slow.length = Math.min(slow.length, 3);
    } catch {
      unanswered.push(what);
    }
  };

  try {
    for (const route of appRoutes()) {
      // The account's own deletion is left out: a route that took the value would end the session the sweep uses.
      if (route.method === "DELETE" && route.path === "/api/auth/user") continue;
      const path = concrete(route.path, ids);
      const takesBody = route.method !== "GET";
      for (const signedIn of [true, false]) {
        const who = signedIn ? "signed in" : "signed out";
        for (const [i, field] of REQUEST_FIELDS.entries()) {
          const value = longValue(i);
          const joiner = path.includes("?") ? "&" : "?";
          await send(
            `${route.method} ${route.path}?${field}= (${who})`,
            route.method,
            `${path}${joiner}${field}=${longValue(i, LONG_QUERY_BYTES)}`,
            takesBody ? "{}" : undefined,
            signedIn,
          );
          // The tracker apps' form bodies are read by the ingest route itself.
          if (takesBody && route.path.startsWith("/api/ingest/osmand")) {
            await send(
              `${route.method} ${route.path} form ${field}= (${who})`,
              route.method,
              path,
              `${field}=${value}`,
              signedIn,
              "application/x-www-form-urlencoded",
            );
          }
          if (takesBody) {
            await send(
              `${route.method} ${route.path} {${field}} (${who})`,
              route.method,
              path,
              JSON.stringify({ [field]: value }),
              signedIn,
            );
          }
        }
      }
    }
  } finally {
    sweeping = false;
    await healthLoop;
  }
  return {
    requests: times.length + unanswered.length,
    answer: summarize(times),
    bodyRefusal: summarize(bodyRefusals),
    statuses,
    slowest: slow,
    health: summarize(healthTimes),
    healthFailures,
    unanswered,
  };
}
