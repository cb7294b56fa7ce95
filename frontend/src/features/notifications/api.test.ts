import { QueryClient, type InfiniteData } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { AppNotification, NotificationPage } from "@caravan/common";
import { feedView, markReadInCache, notificationKeys, prependNotification } from "./api";

const note = (id: number, readAt: string | null = null): AppNotification => ({
  id,
  kind: "arrival",
  text: `n${id}`,
  groupId: 1,
  shareToken: null,
  createdAt: "2026-11-23T02:00:00.000Z",
  readAt,
});

function clientWith(...pages: NotificationPage[]) {
  const client = new QueryClient();
  const data: InfiniteData<NotificationPage, number | null> = {
    pages,
    pageParams: pages.map((_, i) => (i === 0 ? null : i)),
  };
  client.setQueryData(notificationKeys.all, data);
  return client;
}
const view = (client: QueryClient) =>
  feedView(client.getQueryData<InfiniteData<NotificationPage, number | null>>(notificationKeys.all));

describe("notifications cache", () => {
  it("puts a pushed notification on top once and counts it unread", () => {
    const client = clientWith(
      { notifications: [note(5), note(4, "x")], nextCursor: 4, unreadCount: 2 },
      { notifications: [note(3)], nextCursor: null, unreadCount: 2 },
    );
    prependNotification(client, note(6));
    prependNotification(client, note(6));
    expect(view(client).items.map((n) => n.id)).toEqual([6, 5, 4, 3]);
    expect(view(client).unread).toBe(3);
  });

  it("marks the given ones read, or all, and lowers the unread count to match", () => {
    const client = clientWith(
      { notifications: [note(5), note(4)], nextCursor: 4, unreadCount: 3 },
      { notifications: [note(3)], nextCursor: null, unreadCount: 3 },
    );
    markReadInCache(client, [4]);
    expect(
      view(client)
        .items.filter((n) => n.readAt)
        .map((n) => n.id),
    ).toEqual([4]);
    expect(view(client).unread).toBe(2);
    markReadInCache(client, undefined);
    expect(view(client).items.every((n) => n.readAt !== null)).toBe(true);
    expect(view(client).unread).toBe(0);
  });

  it("shows nothing unread before the first page has loaded", () => {
    expect(feedView(undefined)).toEqual({ items: [], unread: 0 });
  });
});
