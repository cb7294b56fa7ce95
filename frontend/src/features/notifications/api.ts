import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import { POLL_MS, type AppNotification, type NotificationPage } from "@caravan/common";
import { api } from "../../api/client";
import { usePollInterval } from "../../realtime";
import { NOTIFICATIONS_PATH } from "../../api/paths";
import { notificationKeys, sharedTripKeys } from "../../api/query-keys";

export { notificationKeys };

/** The page a notice opens: the shared trip a watcher wrote on, or the group it is about. */
export function notificationPath(n: Pick<AppNotification, "groupId" | "shareToken">): string | null {
  if (n.shareToken) return `/shared/${n.shareToken}`;
  return n.groupId ? `/groups/${n.groupId}` : null;
}

/** A watcher's message changes the sharer's share cards (their unread count and last message) as well as the bell. */
export function applyNotification(client: QueryClient, n: AppNotification): void {
  prependNotification(client, n);
  if (n.kind === "share-message") void client.invalidateQueries({ queryKey: sharedTripKeys.mine });
}

type Feed = InfiniteData<NotificationPage, number | null>;

export const fetchNotifications = (before: number | null, signal?: AbortSignal) =>
  api.get<NotificationPage>(`${NOTIFICATIONS_PATH}${before ? `?before=${before}` : ""}`, signal);
export const markNotificationsRead = (ids?: number[]) =>
  api.post<void>(`${NOTIFICATIONS_PATH}/read`, ids ? { ids } : {});

/** The caller's notifications, newest first, a page at a time; polled only while the socket is down. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: notificationKeys.all,
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: usePollInterval(POLL_MS.notifications),
  });
}

/** What the bell shows: every loaded notification and the server's unread count. */
export function feedView(feed: InfiniteData<NotificationPage, unknown> | undefined): {
  items: AppNotification[];
  unread: number;
} {
  if (!feed) return { items: [], unread: 0 };
  return { items: feed.pages.flatMap((p) => p.notifications), unread: feed.pages[0]?.unreadCount ?? 0 };
}

/** A pushed notification goes on top of the first page (once, however often it arrives). */
export function prependNotification(client: QueryClient, n: AppNotification): void {
  client.setQueryData<Feed>(notificationKeys.all, (feed) => {
    if (!feed) return feed;
    if (feed.pages.some((p) => p.notifications.some((x) => x.id === n.id))) return feed;
    const [first, ...rest] = feed.pages;
    if (!first) return feed;
    return {
      ...feed,
      pages: [
        {
          ...first,
          notifications: [n, ...first.notifications],
          unreadCount: first.unreadCount + (n.readAt ? 0 : 1),
        },
        ...rest,
      ],
    };
  });
}

/** Marks the given notifications (or all) read in the cache, and lowers the unread count to match. */
export function markReadInCache(client: QueryClient, ids: number[] | undefined): void {
  const readAt = new Date().toISOString();
  client.setQueryData<Feed>(notificationKeys.all, (feed) => {
    if (!feed) return feed;
    let marked = 0;
    const pages = feed.pages.map((p) => ({
      ...p,
      notifications: p.notifications.map((n) => {
        if (n.readAt || (ids && !ids.includes(n.id))) return n;
        marked += 1;
        return { ...n, readAt };
      }),
    }));
    const unreadCount = ids ? Math.max(0, (pages[0]?.unreadCount ?? 0) - marked) : 0;
    return { ...feed, pages: pages.map((p, i) => (i === 0 ? { ...p, unreadCount } : p)) };
  });
}

/** Marks the given notifications (or all) read, at once on screen, then as the server has it. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => markNotificationsRead(ids),
    onMutate: (ids) => markReadInCache(client, ids),
    onSettled: () => client.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
