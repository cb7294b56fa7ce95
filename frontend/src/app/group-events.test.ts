import { matchQuery, QueryClient, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { SERVER_EVENTS, type GroupLocation, type GroupMessage } from "@caravan/common";
import { groupKeys, locationKeys, messageKeys, proposalKeys } from "../api/query-keys";
import { groupEventHandlers, groupEventTable, groupEventWrites, type GroupEventName } from "./group-events";

const location = (userId: string, createdAt: string): GroupLocation =>
  ({ groupId: 7, userId, latitude: 43.8, longitude: -1.6, createdAt }) as GroupLocation;

function setUp(currentUserId = "me") {
  const client = new QueryClient();
  const handlers = groupEventHandlers({ client, groupId: 7, currentUserId });
  client.setQueryData(groupKeys.detail(7), { id: 7 });
  client.setQueryData(groupKeys.members(7), []);
  client.setQueryData(groupKeys.list(), []);
  client.setQueryData(locationKeys.group(7), [
    location("a", "2026-01-01T10:00:00Z"),
    location("b", "2026-01-01T10:00:00Z"),
  ]);
  const stale = (key: readonly unknown[]) => client.getQueryState(key)!.isInvalidated;
  return { client, handlers, stale };
}

describe("the group page's event table", () => {
  it("has an entry for every event of a group's room, and none for share or user events", () => {
    const groupEvents = SERVER_EVENTS.filter((e) => !e.startsWith("share:") && e !== "notification:created");
    expect(Object.keys(groupEventTable).sort()).toEqual([...groupEvents].sort());
  });

  it("writes only under the keys it names, so reads of those in flight are asked again after an event", () => {
    const { client, handlers } = setUp();
    const written: QueryKey[] = [];
    const setQueryData = client.setQueryData.bind(client);
    client.setQueryData = ((queryKey: QueryKey, updater: unknown) => {
      written.push(queryKey);
      return setQueryData(queryKey, updater as never);
    }) as typeof client.setQueryData;
    const proposal = { id: 3, groupId: 7, votes: [] };
    const payloads: Record<GroupEventName, unknown> = {
      "group:updated": { id: 7 },
      "group:deleted": { groupId: 7 },
      "member:joined": { groupId: 7, userId: "c" },
      "member:left": { groupId: 7, userId: "b" },
      "member:arrived": { groupId: 7, userId: "a" },
      "location:updated": location("a", "2026-01-01T10:05:00Z"),
      "message:created": { id: 1, groupId: 7, content: "Hola" },
      "checklist:changed": { groupId: 7, checklistId: 2, checklist: null },
      "proposal:created": proposal,
      "proposal:voted": proposal,
      "proposal:finalized": { groupId: 7, proposal },
    };
    for (const [event, payload] of Object.entries(payloads)) {
      (handlers as Record<string, (p: unknown) => void>)[event]!(payload);
    }
    expect(written.length).toBeGreaterThanOrEqual(6);
    const named = groupEventWrites(7);
    for (const queryKey of written) {
      const query = client.getQueryCache().build(client, { queryKey });
      expect(
        named.some((prefix) => matchQuery({ queryKey: prefix }, query)),
        JSON.stringify(queryKey),
      ).toBe(true);
    }
  });

  it("on member:left drops the leaver from the map and refreshes the members, once, not the group itself", () => {
    const { client, handlers, stale } = setUp();
    handlers["member:left"]!({ groupId: 7, userId: "b" });
    expect(client.getQueryData<GroupLocation[]>(locationKeys.group(7))!.map((l) => l.userId)).toEqual(["a"]);
    expect(stale(groupKeys.members(7))).toBe(true);
    expect(stale(groupKeys.list())).toBe(true);
    expect(stale(groupKeys.detail(7))).toBe(false);
  });

  it("on member:left for the reader themself refreshes the group, which then says access is gone", () => {
    const { handlers, stale } = setUp("b");
    handlers["member:left"]!({ groupId: 7, userId: "b" });
    expect(stale(groupKeys.detail(7))).toBe(true);
  });

  it("on member:left for a deleted account drops their messages from every page loaded, and keeps the others'", () => {
    const { client, handlers, stale } = setUp();
    const message = (id: number, userId: string) => ({ id, groupId: 7, userId, content: `${userId}${id}` });
    client.setQueryData(messageKeys.list(7), {
      pages: [
        { messages: [message(3, "a"), message(4, "b")], olderCursor: 3 },
        { messages: [message(1, "b"), message(2, "a")], olderCursor: null },
      ],
      pageParams: [null, 3],
    });
    client.setQueryData(proposalKeys.list(7), []);
    handlers["member:left"]!({ groupId: 7, userId: "b", accountDeleted: true });
    const data = client.getQueryData<{ pages: { messages: GroupMessage[] }[] }>(messageKeys.list(7))!;
    expect(data.pages.map((p) => p.messages.map((m) => m.content))).toEqual([["a3"], ["a2"]]);
    // Their proposals and votes went too.
    expect(stale(proposalKeys.list(7))).toBe(true);
  });

  it("on member:left of someone who only left keeps their messages", () => {
    const { client, handlers } = setUp();
    const pages = {
      pages: [{ messages: [{ id: 1, groupId: 7, userId: "b" }], olderCursor: null }],
      pageParams: [null],
    };
    client.setQueryData(messageKeys.list(7), pages);
    handlers["member:left"]!({ groupId: 7, userId: "b" });
    expect(client.getQueryData(messageKeys.list(7))).toBe(pages);
  });

  it("writes a location update into the group's list: one entry per member", () => {
    const { client, handlers } = setUp();
    handlers["location:updated"]!(location("b", "2026-01-01T10:05:00Z"));
    const list = client.getQueryData<GroupLocation[]>(locationKeys.group(7))!;
    expect(list).toHaveLength(2);
    expect(list.find((l) => l.userId === "b")!.createdAt).toBe("2026-01-01T10:05:00Z");
  });

  it("appends a new message to the chat's newest page once, however often it arrives", () => {
    const { client, handlers } = setUp();
    client.setQueryData(messageKeys.list(7), { pages: [{ messages: [], olderCursor: null }], pageParams: [null] });
    const message = { id: 1, groupId: 7, content: "Hola" } as GroupMessage;
    handlers["message:created"]!(message);
    handlers["message:created"]!(message);
    const data = client.getQueryData<{ pages: { messages: GroupMessage[] }[] }>(messageKeys.list(7))!;
    expect(data.pages[0]!.messages.map((m) => m.content)).toEqual(["Hola"]);
  });

  it("puts the updated group in place", () => {
    const { client, handlers } = setUp();
    handlers["group:updated"]!({ id: 7, name: "Camino" } as never);
    expect(client.getQueryData(groupKeys.detail(7))).toEqual({ id: 7, name: "Camino" });
  });
});
