import { afterEach, describe, expect, it, vi } from "vitest";
import { OFFLINE_TEXTS } from "@caravan/common";
import { nextTask } from "../lib/browser";
import {
  ApiError,
  apiRequest,
  errorText,
  failureText,
  isSessionExpired,
  isSessionExpiry,
  isUnreachable,
  setUnauthorizedHandler,
  toApiError,
} from "./client";

describe("toApiError", () => {
  it("reads '{status}: {body text}' and keeps the server's message and field errors apart", () => {
    const body = JSON.stringify({ message: "First name is required", errors: { firstName: "First name is required" } });
    const err = toApiError(400, "Bad Request", body);
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe(`400: ${body}`);
    expect(err.status).toBe(400);
    expect(err.serverMessage).toBe("First name is required");
    expect(err.fieldErrors).toEqual({ firstName: "First name is required" });
  });

  it("falls back to the status text when the body is empty", () => {
    const err = toApiError(502, "Bad Gateway", "");
    expect(err.message).toBe("502: Bad Gateway");
    expect(err.serverMessage).toBeNull();
  });

  it("keeps a body that is not JSON as the text, without a server message", () => {
    const err = toApiError(500, "Internal Server Error", "upstream timed out");
    expect(err.message).toBe("500: upstream timed out");
    expect(err.serverMessage).toBeNull();
    expect(err.fieldErrors).toEqual({});
  });

  it("ignores message and errors fields of the wrong type", () => {
    const err = toApiError(400, "Bad Request", JSON.stringify({ message: 42, errors: { a: 1, b: "B" } }));
    expect(err.serverMessage).toBeNull();
    expect(err.fieldErrors).toEqual({ b: "B" });
  });
});

describe("errorText", () => {
  it("prefers the server's message, else the screen's fallback", () => {
    expect(errorText(toApiError(409, "Conflict", '{"message":"Taken"}'), "Failed")).toBe("Taken");
    expect(errorText(toApiError(500, "Internal Server Error", ""), "Failed")).toBe("Failed");
    expect(errorText(new TypeError("Failed to fetch"), "Failed")).toBe("Failed");
  });
});

describe("failureText", () => {
  it("shows a rate limit's message over the screen's fixed text, and only that", () => {
    const limited = toApiError(429, "Too Many Requests", JSON.stringify({ message: "Too many requests. Wait." }));
    expect(failureText(limited, "Could not send")).toBe("Too many requests. Wait.");
    const broken = toApiError(500, "Internal Server Error", JSON.stringify({ message: "Internal error" }));
    expect(failureText(broken, "Could not send")).toBe("Could not send");
    expect(failureText(new Error("offline"), "Could not send")).toBe("Could not send");
  });
});

describe("isSessionExpiry", () => {
  it("treats a 401 from any call as the end of the session", () => {
    expect(isSessionExpiry("PUT", "/api/auth/profile", 401)).toBe(true);
    expect(isSessionExpiry("get", "/api/groups/3?x=1", 401)).toBe(true);
  });

  it("except the signed-in probe and the dialog's own credential checks", () => {
    expect(isSessionExpiry("GET", "/api/auth/user", 401)).toBe(false);
    expect(isSessionExpiry("POST", "/api/auth/signin", 401)).toBe(false);
    expect(isSessionExpiry("POST", "/api/auth/signup", 401)).toBe(false);
  });

  it("only for 401", () => {
    expect(isSessionExpiry("PUT", "/api/auth/profile", 403)).toBe(false);
    expect(isSessionExpiry("PUT", "/api/auth/profile", 400)).toBe(false);
  });
});

describe("apiRequest", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(null);
  });

  function serve(status: number, body: string, statusText = "") {
    const calls: Array<[string, RequestInit]> = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push([url, init]);
      return new Response(body || null, { status, statusText, headers: { "content-type": "application/json" } });
    });
    return calls;
  }

  it("always sends the cookies and JSON", async () => {
    const calls = serve(200, '{"ok":true}');
    await expect(apiRequest("/api/x", { method: "POST", body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = calls[0]!;
    expect(url).toBe("/api/x");
    expect(init.credentials).toBe("include");
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)["content-type"]).toBe("application/json");
  });

  it("returns undefined for an empty success", async () => {
    serve(204, "");
    await expect(apiRequest("/api/x", { method: "DELETE" })).resolves.toBeUndefined();
  });

  it("calls the session-expiry handler once per expired call and marks the error", async () => {
    serve(401, '{"message":"Unauthorized"}', "Unauthorized");
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const err = await apiRequest("/api/groups").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('401: {"message":"Unauthorized"}');
    expect((err as ApiError).sessionExpired).toBe(true);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("lets every screen tell an ended session from its own failure by one question", async () => {
    serve(401, '{"message":"Unauthorized"}', "Unauthorized");
    setUnauthorizedHandler(() => {});
    expect(isSessionExpired(await apiRequest("/api/groups/3/messages").catch((e: unknown) => e))).toBe(true);
    expect(isSessionExpired(await apiRequest("/api/auth/user").catch((e: unknown) => e))).toBe(false);
    serve(403, '{"message":"Forbidden"}', "Forbidden");
    expect(isSessionExpired(await apiRequest("/api/groups/3").catch((e: unknown) => e))).toBe(false);
    expect(isSessionExpired(new Error("401: Unauthorized"))).toBe(false);
  });

  it("leaves the probe's 401 to its caller", async () => {
    serve(401, '{"message":"Unauthorized"}', "Unauthorized");
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    const err = (await apiRequest("/api/auth/user").catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(401);
    expect(err.sessionExpired).toBe(false);
    expect(handler).not.toHaveBeenCalled();
  });

  it("sends a read from a task after the one that asked, and a change at once", async () => {
    const calls = serve(200, "{}");
    void apiRequest("/api/groups/1/messages", { method: "POST", body: {} });
    void apiRequest("/api/groups/1/locations");
    void apiRequest("/api/groups/1/messages");
    // The same task: only the change has gone out.
    expect(calls.map(([url, init]) => `${init.method} ${url}`)).toEqual(["POST /api/groups/1/messages"]);
    await nextTask();
    expect(calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
      "POST /api/groups/1/messages",
      "GET /api/groups/1/locations",
      "GET /api/groups/1/messages",
    ]);
  });

  it("refuses a change while the browser is offline, without a request, and says so", async () => {
    const calls = serve(201, '{"id":1}');
    vi.stubGlobal("navigator", { onLine: false });
    const err = (await apiRequest("/api/groups/1/messages", { method: "POST", body: {} }).catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(err.serverMessage).toBe(OFFLINE_TEXTS.writeRefused);
    expect(failureText(err, "Failed to send message")).toBe(OFFLINE_TEXTS.writeRefused);
    expect(errorText(err, "Failed to send message")).toBe(OFFLINE_TEXTS.writeRefused);
    expect(calls).toEqual([]);
    // Reading is left to the cache and the network; React Query waits for the network before it reads.
    await expect(apiRequest("/api/groups/1")).resolves.toEqual({ id: 1 });
  });

  it("takes a failed connection, and any answer that is not the API's JSON, for a server out of reach", async () => {
    const answers: Array<() => Response> = [
      () => {
        throw new TypeError("Failed to fetch");
      },
      // A captive portal's login page, answered in place of the API, and a proxy's page while the server restarts.
      () => new Response("<!doctype html><h1>Hotel Wi-Fi</h1>", { headers: { "content-type": "text/html" } }),
      () => new Response("<html>502 Bad Gateway</html>", { status: 502, headers: { "content-type": "text/html" } }),
      () => {
        const res = new Response('{"id":1}', { headers: { "content-type": "application/json" } });
        Object.defineProperty(res, "redirected", { value: true });
        return res;
      },
    ];
    for (const answer of answers) {
      vi.stubGlobal("fetch", async () => answer());
      const err = (await apiRequest("/api/groups/1").catch((e: unknown) => e)) as ApiError;
      expect(isUnreachable(err)).toBe(true);
      expect(err.status).toBe(0);
      expect(err.serverMessage).toBeNull();
    }
    // The server's own refusal is an answer.
    serve(404, '{"message":"Group not found"}', "Not Found");
    const err = (await apiRequest("/api/groups/1").catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(404);
    expect(isUnreachable(err)).toBe(false);
  });

  it("does not take a read the page cancelled for a network failure", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new DOMException("The operation was aborted.", "AbortError");
    });
    const controller = new AbortController();
    controller.abort();
    const err = await apiRequest("/api/groups/1", { signal: controller.signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DOMException);
    expect(isUnreachable(err)).toBe(false);
  });
});
