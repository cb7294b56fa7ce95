import { afterEach, describe, expect, it, vi } from "vitest";
import { earlyReadsOf, forgetEarlyReads, startEarlyReads, takeEarlyRead } from "./early-reads";
import { GROUPS_PATH, GROUP_STATS_PATH, MY_SHARED_TRIPS_PATH, NOTIFICATIONS_PATH, SESSION_PROBE_PATH } from "./paths";

describe("the first reads a page's address tells", () => {
  it("is the group for a group page, as the group page asks for it", () => {
    expect(earlyReadsOf("/groups/12")).toEqual(["/api/groups/12"]);
    expect(earlyReadsOf("/groups/12/")).toEqual(["/api/groups/12"]);
  });

  it("is the shared trip for its public page, its token escaped as the page escapes it", () => {
    expect(earlyReadsOf("/shared/yGC8OEsF-AsAjmPV")).toEqual(["/api/shared-trips/yGC8OEsF-AsAjmPV"]);
    expect(earlyReadsOf("/shared/a%20b")).toEqual(["/api/shared-trips/a%20b"]);
    expect(earlyReadsOf("/shared/a b")).toEqual(["/api/shared-trips/a%20b"]);
  });

  it("is nothing for other pages, or for an address the page would not read from", () => {
    for (const path of [
      "/",
      "/join/abc",
      "/groups/0",
      "/groups/007",
      "/groups/12/x",
      "/groups/abc",
      "/shared/%E0%A4%A",
    ])
      expect(earlyReadsOf(path), path).toEqual([]);
  });
});

describe("the reads asked for as the app starts", () => {
  const asked: string[] = [];
  const signedIn = vi.fn(() => asked.push("signed in"));
  function startAt(pathname: string, probeStatus = 200, serverRendered = false) {
    vi.stubGlobal("location", { pathname });
    vi.stubGlobal("navigator", { onLine: true });
    vi.stubGlobal(
      "fetch",
      vi.fn((path: string) => {
        asked.push(path);
        const status = path === SESSION_PROBE_PATH ? probeStatus : 200;
        return Promise.resolve(new Response(status === 204 ? null : "{}", { status }));
      }),
    );
    startEarlyReads(serverRendered ? { serverRendered } : { signedIn });
  }
  afterEach(() => {
    forgetEarlyReads();
    vi.unstubAllGlobals();
    asked.length = 0;
    signedIn.mockClear();
  });

  it("at /, are who is signed in and, for someone, the dashboard's reads, each answered once", async () => {
    startAt("/");
    expect(asked).toEqual([SESSION_PROBE_PATH]);
    expect((await takeEarlyRead(SESSION_PROBE_PATH))?.status).toBe(200);
    // Then the dashboard's code is asked for (app/early-start.ts), behind its reads.
    expect(asked).toEqual([
      SESSION_PROBE_PATH,
      GROUPS_PATH,
      GROUP_STATS_PATH,
      MY_SHARED_TRIPS_PATH,
      NOTIFICATIONS_PATH,
      "signed in",
    ]);
    for (const path of asked.slice(1, -1)) {
      expect(takeEarlyRead(path), path).toBeDefined();
      expect(takeEarlyRead(path), path).toBeUndefined();
    }
  });

  it("at /, are who is signed in alone when that is nobody", async () => {
    startAt("/", 204);
    expect((await takeEarlyRead(SESSION_PROBE_PATH))?.status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toEqual([SESSION_PROBE_PATH]);
    expect(signedIn).not.toHaveBeenCalled();
    expect(takeEarlyRead(GROUPS_PATH)).toBeUndefined();
  });

  it("on a group page, are the group alone", () => {
    startAt("/groups/12");
    expect(asked).toEqual(["/api/groups/12"]);
    expect(signedIn).not.toHaveBeenCalled();
  });

  it("at / rendered by the server, are who is signed in and then only what the rendered dashboard did not come with", async () => {
    startAt("/", 200, true);
    expect((await takeEarlyRead(SESSION_PROBE_PATH))?.status).toBe(200);
    expect(asked).toEqual([SESSION_PROBE_PATH, NOTIFICATIONS_PATH]);
    expect(takeEarlyRead(NOTIFICATIONS_PATH)).toBeDefined();
  });

  it("on a group page or a shared trip rendered by the server, are nothing: the page came with its first read", () => {
    startAt("/groups/12", 200, true);
    startAt("/shared/yGC8OEsF-AsAjmPV", 200, true);
    expect(asked).toEqual([]);
  });

  it("offline, are nothing", () => {
    vi.stubGlobal("navigator", { onLine: false });
    vi.stubGlobal("location", { pathname: "/" });
    vi.stubGlobal("fetch", vi.fn());
    startEarlyReads();
    expect(fetch).not.toHaveBeenCalled();
  });
});
