/** Group chat: the newest page first, older pages on demand, new messages merged in by id. */
import {
  infiniteQueryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import type { GroupMessage, MessagePage } from "@caravan/common";
import { api } from "../../api/client";
import { messageKeys } from "../../api/query-keys";

export { messageKeys };

export const fetchMessages = (groupId: number, before: number | null, signal?: AbortSignal) =>
  api.get<MessagePage>(`/api/groups/${groupId}/messages${before ? `?before=${before}` : ""}`, signal);

export const postMessage = (groupId: number, content: string) =>
  api.post<GroupMessage>(`/api/groups/${groupId}/messages`, { content, messageType: "text" });

/** Page 0 is the newest; each further page reaches further back, until `olderCursor` runs out. */
export const messagesQuery = (groupId: number) =>
  infiniteQueryOptions({
    queryKey: messageKeys.list(groupId),
    queryFn: ({ pageParam, signal }) => fetchMessages(groupId, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (page: MessagePage) => page.olderCursor ?? undefined,
  });

/** Every loaded message, oldest first. */
export const flattenPages = (data: InfiniteData<MessagePage> | undefined): GroupMessage[] =>
  data ? [...data.pages].reverse().flatMap((p) => p.messages) : [];

/** Adds a message to the newest page unless it is already there (the sender gets it twice: reply and event). */
export function addMessage(client: QueryClient, message: GroupMessage) {
  client.setQueryData<InfiniteData<MessagePage>>(messageKeys.list(message.groupId), (data) => {
    if (!data || data.pages.some((p) => p.messages.some((m) => m.id === message.id))) return data;
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    const messages = [...newest.messages, message].sort((a, b) => a.id - b.id);
    return { ...data, pages: [{ ...newest, messages }, ...older] };
  });
}

/** Drops every loaded message of `userId` in group `groupId`: their account was deleted, and the messages with it. */
export function removeMessagesBy(client: QueryClient, groupId: number, userId: string) {
  client.setQueryData<InfiniteData<MessagePage>>(messageKeys.list(groupId), (data) => {
    if (!data?.pages.some((p) => p.messages.some((m) => m.userId === userId))) return data;
    const pages = data.pages.map((p) => ({ ...p, messages: p.messages.filter((m) => m.userId !== userId) }));
    return { ...data, pages };
  });
}

export function useSendMessage(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => postMessage(groupId, content),
    onSuccess: (message) => addMessage(client, message),
  });
}
