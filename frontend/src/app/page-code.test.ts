import { describe, expect, it } from "vitest";
import { pageAt } from "./page-code";
import { drawnPageAt } from "./page-paths";

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

describe("the page the server drew at an address, whose code its script loads", () => {
  it("is the dashboard at `/`, and a group's or a shared trip's page at theirs", () => {
    expect(drawnPageAt("/")).toBe("dashboard");
    expect(drawnPageAt("/groups/12")).toBe("group");
    expect(drawnPageAt("/shared/abc")).toBe("sharedTrip");
  });

  it("is none where the server draws nothing", () => {
    for (const path of ["/join/yGC8OEsF", "/groups", "/settings"]) expect(drawnPageAt(path), path).toBeNull();
  });
});
