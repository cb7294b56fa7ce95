import { describe, expect, it } from "vitest";
import { loginUrl, safeReturnTo } from "./return-to";

describe("safeReturnTo", () => {
  it("keeps paths on this site, with their query and hash", () => {
    expect(safeReturnTo("/")).toBe("/");
    expect(safeReturnTo("/groups/12")).toBe("/groups/12");
    expect(safeReturnTo("/join/abc?x=1#top")).toBe("/join/abc?x=1#top");
  });

  it("refuses anything a browser would read as another site", () => {
    for (const value of [
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "groups/12",
      "",
    ]) {
      expect(safeReturnTo(value), JSON.stringify(value)).toBeNull();
    }
  });

  it("refuses a missing value", () => {
    expect(safeReturnTo(null)).toBeNull();
    expect(safeReturnTo(undefined)).toBeNull();
  });
});

describe("loginUrl", () => {
  it("carries the current path to /api/login", () => {
    expect(loginUrl("/groups/7?tab=chat")).toBe("/api/login?returnTo=%2Fgroups%2F7%3Ftab%3Dchat");
  });

  it("drops a return to the home page or to another site", () => {
    expect(loginUrl("/")).toBe("/api/login");
    expect(loginUrl("//evil.example")).toBe("/api/login");
  });
});
