import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { isCachedOffline, missingFromList } from "./store";

describe("what is cached for reading offline", () => {
  const client = new QueryClient();
  const cached = (queryKey: unknown[], data: unknown = { ok: true }) => {
    client.setQueryData(queryKey, data);
    return isCachedOffline(client.getQueryCache().find({ queryKey, exact: true })!);
  };

  it("keeps a signed-in member's screens", () => {
    expect(cached(["auth", "user"])).toBe(true);
    expect(cached(["groups", "list"])).toBe(true);
    expect(cached(["groups", "detail", 7])).toBe(true);
    expect(cached(["groups", "detail", 7, "members"])).toBe(true);
    expect(cached(["groups", "detail", 7, "locations"])).toBe(true);
    expect(cached(["messages", 7])).toBe(true);
    expect(cached(["checklists", 7])).toBe(true);
    expect(cached(["proposals", 7])).toBe(true);
    expect(cached(["notifications"])).toBe(true);
  });

  it("never keeps invite links, shared trips, share links, places or the server's settings", () => {
    expect(cached(["groups", "detail", 7, "invites"])).toBe(false);
    expect(cached(["invites", "token"])).toBe(false);
    expect(cached(["shared-trips", "mine"])).toBe(false);
    expect(cached(["shared-trips", "token", "abc", "locations"])).toBe(false);
    expect(cached(["places", "gazetteer", "par"])).toBe(false);
    expect(cached(["config"])).toBe(false);
  });

  it("keeps only answers, not failures or queries still waiting", () => {
    const query = client.getQueryCache().build(client, { queryKey: ["groups", "detail", 8] });
    expect(isCachedOffline(query)).toBe(false);
  });
});

describe("the dashboard's list cached", () => {
  const entry = (queryKey: unknown[], dataUpdatedAt: number, data: unknown = {}) => ({ queryKey, data, dataUpdatedAt });
  const list = entry(["groups", "list"], 1_000, [{ id: 1 }]);

  it("is out of date when a group page cached after it names a group it lacks (joined since)", () => {
    const entries = [list, entry(["groups", "detail", 1], 2_000), entry(["groups", "detail", 2], 2_000)];
    expect(missingFromList(entries, list)).toEqual([2]);
    // Never read at all: every cached group is missing from it.
    expect(missingFromList(entries, undefined)).toEqual([1, 2]);
  });

  it("is not, for a group read before the list that lacks it (left since), or for a group's other parts", () => {
    const entries = [list, entry(["groups", "detail", 2], 500), entry(["groups", "detail", 3, "members"], 2_000)];
    expect(missingFromList(entries, list)).toEqual([]);
  });
});
