import { describe, expect, it } from "vitest";
import { firstReadOf } from "./early-reads";

describe("the first read a page's address tells", () => {
  it("is the group for a group page, as the group page asks for it", () => {
    expect(firstReadOf("/groups/12")).toBe("/api/groups/12");
    expect(firstReadOf("/groups/12/")).toBe("/api/groups/12");
  });

  it("is the shared trip for its public page, its token escaped as the page escapes it", () => {
    expect(firstReadOf("/shared/yGC8OEsF-AsAjmPV")).toBe("/api/shared-trips/yGC8OEsF-AsAjmPV");
    expect(firstReadOf("/shared/a%20b")).toBe("/api/shared-trips/a%20b");
    expect(firstReadOf("/shared/a b")).toBe("/api/shared-trips/a%20b");
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
      expect(firstReadOf(path), path).toBeNull();
  });
});
