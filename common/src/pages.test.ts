import { describe, expect, it } from "vitest";
import { addressOf, isServerRendered, matchPage, PAGES, type PageName } from "./pages.js";

const pageAt = (pathname: string) => matchPage(pathname)?.page ?? null;

describe("the page an address names", () => {
  it("is found by the list's paths, a trailing slash allowed", () => {
    expect(pageAt("/")).toBe("dashboard");
    expect(pageAt("/groups/12")).toBe("group");
    expect(pageAt("/groups/12/")).toBe("group");
    expect(pageAt("/join/yGC8OEsF")).toBe("join");
    expect(pageAt("/shared/a%20b")).toBe("sharedTrip");
  });

  it("is none for an address no page has", () => {
    for (const path of ["//", "/groups", "/groups/", "/groups/12/chat", "/groups/12//", "/join/", "/settings"])
      expect(pageAt(path), path).toBeNull();
  });

  it("comes with its params decoded, or none when one is malformed or not the shape the page reads", () => {
    expect(matchPage("/groups/12")?.params).toEqual({ id: "12" });
    expect(matchPage("/shared/a%20b")?.params).toEqual({ token: "a b" });
    expect(matchPage("/")?.params).toEqual({});
    for (const path of ["/groups/0", "/groups/007", "/groups/abc", "/groups/12345678901234567", "/shared/%E0%A4%A"])
      expect(matchPage(path), path).toEqual({ page: pageAt(path), params: null });
  });
});

describe("the pages the server renders", () => {
  it("are the dashboard, a group's page and a shared trip's; the app renders the rest", () => {
    const rendered = (Object.keys(PAGES) as PageName[]).filter(isServerRendered);
    expect(rendered).toEqual(["dashboard", "group", "sharedTrip"]);
  });

  it("are addressed as the router addresses them, each param escaped as one segment", () => {
    expect(addressOf("dashboard")).toBe("/");
    expect(addressOf("group", { id: "12" })).toBe("/groups/12");
    expect(addressOf("sharedTrip", { token: "a token/with slash" })).toBe("/shared/a%20token%2Fwith%20slash");
  });
});
