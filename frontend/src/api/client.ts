/**
 * The one way the client talks to the API: cookies always sent, JSON in and out, and every non-OK answer thrown
 * as an ApiError whose message is `{status}: {body text or status text}` (docs/product.md §7).
 */
import { OFFLINE_TEXTS, type ErrorBody } from "@caravan/common";
import { nextTask } from "../lib/browser";
import { takeEarlyRead } from "./early-reads";
import { CURRENT_USER_PATH } from "./paths";

export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    message: string,
    /** The server's own `message` field, the text worth showing in a toast; null when the body had none. */
    readonly serverMessage: string | null,
    /** First validation message per field, when the server sent them. */
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }

  /**
   * Set when this 401 meant the session had ended: the app has already said so and is on its way to sign-in,
   * so the screen that made the call shows no failure of its own.
   */
  sessionExpired = false;

  /**
   * Set when the call never reached Caravan's server (status 0): the connection failed, or something else answered
   * it, such as a captive portal's page. Reads then wait for the server rather than fail (api/query-client.ts).
   */
  declare readonly unreachable?: true;
}

/** Whether a call failed because the server could not be reached, rather than because it answered so. */
export const isUnreachable = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.unreachable === true;

/**
 * Whether a call failed because the session had ended. The client has then already told the person and is taking
 * them to sign in (setUnauthorizedHandler), so a screen shows nothing of its own: every screen asks this, never the
 * status.
 */
export const isSessionExpired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.sessionExpired;

/** Builds the ApiError for a failed response from its status, status text and raw body. */
export function toApiError(status: number, statusText: string, bodyText: string): ApiError {
  const body = parseErrorBody(bodyText);
  const detail = bodyText.trim() || statusText;
  return new ApiError(status, `${status}: ${detail}`, body?.message ?? null, body?.errors ?? {});
}

function parseErrorBody(text: string): Partial<ErrorBody> | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== "object") return null;
    const { message, errors } = value as Record<string, unknown>;
    return {
      ...(typeof message === "string" && message ? { message } : {}),
      ...(errors && typeof errors === "object" ? { errors: stringEntries(errors) } : {}),
    };
  } catch {
    return null;
  }
}

function stringEntries(value: object): Record<string, string> {
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/**
 * A change asked for while the browser is offline: refused at once (status 0, no request made) rather than kept to
 * be sent later, so that nothing is sent behind the person's back and nothing is lost silently.
 */
export const offlineError = () => new ApiError(0, `0: ${OFFLINE_TEXTS.writeRefused}`, OFFLINE_TEXTS.writeRefused);

/** The text a failure toast shows: the server's message when it sent one, else the screen's own fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * For screens with a fixed failure text: a rate limit's answer (429) is shown instead, since it tells the person to
 * wait rather than that something broke, and so is the refusal of a change made offline.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.status === 429 || error.status === 0) && error.serverMessage
    ? error.serverMessage
    : fallback;
}

/**
 * Calls whose 401 is an answer rather than an expired session: the signed-in probe, and the credential checks
 * of the sign-in dialog, which show their own failure toasts.
 */
const UNAUTHORIZED_IS_AN_ANSWER = new Set([
  `GET ${CURRENT_USER_PATH}`,
  "POST /api/auth/signin",
  "POST /api/auth/signup",
  // A wrong password when deleting the account: the dialog says so, the session goes on.
  "DELETE /api/auth/user",
]);

export function isSessionExpiry(method: string, path: string, status: number): boolean {
  if (status !== 401) return false;
  const pathname = path.split(/[?#]/, 1)[0] ?? path;
  return !UNAUTHORIZED_IS_AN_ANSWER.has(`${method.toUpperCase()} ${pathname}`);
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The app installs what happens when the session has run out (a toast, then a trip to /api/login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

/** What the browser says about its network; only a browser can be offline here. */
export const isOffline = (): boolean => globalThis.navigator?.onLine === false;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiRequest<T>(path: string, { method = "GET", body, signal }: RequestOptions = {}): Promise<T> {
  if (method !== "GET" && isOffline()) throw offlineError();
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const send = () =>
    fetch(path, {
      method,
      headers,
      credentials: "include",
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
  // The page's first read may have been asked for as the app started (early-reads.ts); if that failed, ask again.
  const early = method === "GET" ? takeEarlyRead(path) : undefined;
  // A read is sent from a task of its own: a page's sections ask for theirs all together as they mount, and each
  // request costs the main thread a millisecond or more on a phone.
  if (!early && method === "GET") await nextTask();
  let res: Response | undefined;
  let text = "";
  try {
    res = await (early ? early.catch(send) : send());
    text = await res.text();
  } catch {
    // A call the page itself cancelled (it went elsewhere) says nothing about the network.
    signal?.throwIfAborted();
    res = undefined;
  }
  // Every answer of the API with a body is JSON, errors included. No answer, or another one (a captive portal's login
  // page, a proxy's "bad gateway" page, a redirect elsewhere), whatever its status, means the server is out of reach.
  if (!res || res.redirected || (text && !/json/.test(res.headers.get("content-type") ?? ""))) {
    throw Object.assign(new ApiError(0, "0: unreachable", null), { unreachable: true });
  }
  if (!res.ok) {
    const error = toApiError(res.status, res.statusText, text);
    if (isSessionExpiry(method, path, res.status)) {
      error.sessionExpired = true;
      onUnauthorized?.();
    }
    throw error;
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, signal ? { signal } : {}),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "POST", body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "PUT", body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: "PATCH", body: body ?? {} }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: "DELETE" }),
};
