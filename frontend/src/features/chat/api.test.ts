import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { GroupMessage, MessagePage } from "@caravan/common";
import { addMessage, flattenPages, messageKeys } from "./api";

const msg = (id: number, groupId = 3): GroupMessage => ({
  id,
  groupId,
  content: `m${id}`,
  messageType: "text",
  createdAt: "2026-05-01T10:00:00.000Z",
  userId: "u1",
  user: { firstName: "Ana", lastName: null, email: null, profileImageUrl: null },
});

const pages = (...p: MessagePage[]): InfiniteData<MessagePage, number | null> => ({
  pages: p,
  pageParams: p.map((_, i) => (i === 0 ? null : i)),
});

describe("chat cache", () => {
  it("lists loaded pages oldest first: the newest page is the first one fetched", () => {
    const data = pages(
      { messages: [msg(5), msg(6)], olderCursor: 5 },
      { messages: [msg(3), msg(4)], olderCursor: null },
    );
    expect(flattenPages(data).map((m) => m.id)).toEqual([3, 4, 5, 6]);
    expect(flattenPages(undefined)).toEqual([]);
  });

  it("adds a new message to the newest page once, whether the reply or the event comes first", () => {
    const client = new QueryClient();
    client.setQueryData(messageKeys.list(3), pages({ messages: [msg(5)], olderCursor: null }));
    addMessage(client, msg(7));
    addMessage(client, msg(6));
    addMessage(client, msg(7));
    const data = client.getQueryData<InfiniteData<MessagePage>>(messageKeys.list(3));
    expect(flattenPages(data).map((m) => m.id)).toEqual([5, 6, 7]);
  });

  it("ignores a message already on an older page, and a chat that was never loaded", () => {
    const client = new QueryClient();
    client.setQueryData(
      messageKeys.list(3),
      pages({ messages: [msg(9)], olderCursor: 9 }, { messages: [msg(2)], olderCursor: null }),
    );
    addMessage(client, msg(2));
    expect(flattenPages(client.getQueryData(messageKeys.list(3))).map((m) => m.id)).toEqual([2, 9]);
    addMessage(client, msg(1, 4));
    expect(client.getQueryData(messageKeys.list(4))).toBeUndefined();
  });
});
