import { describe, expect, it } from "vitest";
import { pageAt } from "./page-code";

describe("the page an address opens, for fetching its code as the app starts", () => {
  it("is named by the router's paths", () => {
    expect(pageAt("/groups/12")).toBe("group");
    expect(pageAt("/groups/12/")).toBe("group");
    expect(pageAt("/join/yGC8OEsF")).toBe("join");
    expect(pageAt("/shared/a%20b")).toBe("sharedTrip");
  });

  it("is none for `/` (the dashboard only once someone is signed in) and for addresses the router does not know", () => {
    for (const path of ["/", "/groups", "/groups/12/chat", "/join/", "/settings"])
      expect(pageAt(path), path).toBeNull();
  });
});
