import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { isKept } from "./store";

describe("what is kept for reading offline", () => {
  const client = new QueryClient();
  const kept = (queryKey: unknown[], data: unknown = { ok: true }) => {
    client.setQueryData(queryKey, data);
    return isKept(client.getQueryCache().find({ queryKey, exact: true })!);
  };

  it("keeps a signed-in member's screens", () => {
    expect(kept(["auth", "user"])).toBe(true);
    expect(kept(["groups", "list"])).toBe(true);
    expect(kept(["groups", "detail", 7])).toBe(true);
    expect(kept(["groups", "detail", 7, "members"])).toBe(true);
    expect(kept(["groups", "detail", 7, "locations"])).toBe(true);
    expect(kept(["messages", 7])).toBe(true);
    expect(kept(["checklists", 7])).toBe(true);
    expect(kept(["proposals", 7])).toBe(true);
    expect(kept(["notifications"])).toBe(true);
  });

  it("never keeps invite links, shared trips, share links, places or the server's settings", () => {
    expect(kept(["groups", "detail", 7, "invites"])).toBe(false);
    expect(kept(["invites", "token"])).toBe(false);
    expect(kept(["shared-trips", "mine"])).toBe(false);
    expect(kept(["shared-trips", "token", "abc", "locations"])).toBe(false);
    expect(kept(["places", "gazetteer", "par"])).toBe(false);
    expect(kept(["config"])).toBe(false);
  });

  it("keeps only answers, not failures or queries still waiting", () => {
    const query = client.getQueryCache().build(client, { queryKey: ["groups", "detail", 8] });
    expect(isKept(query)).toBe(false);
  });
});
