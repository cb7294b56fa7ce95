/** Checklists: every change answers with the whole checklist, which replaces its copy in the cache. */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Checklist, ChecklistChangedEvent } from "@caravan/common";
import { api } from "../../api/client";
import { answerIsLatest, notePush, sentNow, type Sent } from "../../api/pushed";
import { checklistKeys } from "../../api/query-keys";

export { checklistKeys };

export interface NewChecklist {
  title: string;
  description: string | null;
}

export const fetchChecklists = (groupId: number, signal?: AbortSignal) =>
  api.get<Checklist[]>(`/api/groups/${groupId}/checklists`, signal);
export const createChecklist = (groupId: number, payload: NewChecklist) =>
  api.post<Checklist>(`/api/groups/${groupId}/checklists`, payload);
export const deleteChecklist = (checklistId: number) => api.delete<void>(`/api/checklists/${checklistId}`);
export const addItem = (checklistId: number, text: string) =>
  api.post<Checklist>(`/api/checklists/${checklistId}/items`, { text });
export const toggleItem = (itemId: number, completed: boolean) =>
  api.put<Checklist>(`/api/checklist-items/${itemId}/toggle`, { completed });
export const deleteItem = (itemId: number) => api.delete<void>(`/api/checklist-items/${itemId}`);

export const checklistsQuery = (groupId: number) =>
  queryOptions({ queryKey: checklistKeys.list(groupId), queryFn: ({ signal }) => fetchChecklists(groupId, signal) });

/** `pollInterval` is the fallback while the socket is down (usePollInterval), false while events arrive. */
export function useChecklists(groupId: number, pollInterval: number | false) {
  return useQuery({ ...checklistsQuery(groupId), refetchInterval: pollInterval });
}

/** Puts one checklist into the cached list (in id order), or takes it out when `checklist` is null. */
export function applyChecklist(client: QueryClient, groupId: number, checklistId: number, checklist: Checklist | null) {
  client.setQueryData<Checklist[]>(checklistKeys.list(groupId), (lists) => {
    if (!lists) return lists;
    const others = lists.filter((l) => l.id !== checklistId);
    return checklist ? [...others, checklist].sort((a, b) => a.id - b.id) : others;
  });
}

const checklistThing = (checklistId: number) => `checklist:${checklistId}`;

/** checklist:changed from the group room. */
export function applyChecklistEvent(client: QueryClient, e: ChecklistChangedEvent) {
  notePush(client, checklistThing(e.checklistId));
  applyChecklist(client, e.groupId, e.checklistId, e.checklist);
}

export function useChecklistMutations(groupId: number) {
  const client = useQueryClient();
  const send = () => sentNow(client);
  /**
   * A checklist as a change made here was answered with it, unless the room has pushed a later state of it since
   * the change left (api/pushed.ts): another member's tick in between would otherwise be undone on this page.
   */
  const put = (c: Checklist, _variables: unknown, sent: Sent | undefined) => {
    if (answerIsLatest(client, checklistThing(c.id), sent)) applyChecklist(client, groupId, c.id, c);
  };
  return {
    create: useMutation({
      mutationFn: (p: NewChecklist) => createChecklist(groupId, p),
      onMutate: send,
      onSuccess: put,
    }),
    remove: useMutation({
      mutationFn: (checklistId: number) => deleteChecklist(checklistId),
      onSuccess: (_, checklistId) => applyChecklist(client, groupId, checklistId, null),
    }),
    addItem: useMutation({
      mutationFn: ({ checklistId, text }: { checklistId: number; text: string }) => addItem(checklistId, text),
      onMutate: send,
      onSuccess: put,
    }),
    /** The tick shows at once; a failure puts back what the server holds. */
    toggle: useMutation({
      mutationFn: ({ itemId, completed }: { itemId: number; completed: boolean }) => toggleItem(itemId, completed),
      onMutate: ({ itemId, completed }) => {
        client.setQueryData<Checklist[]>(checklistKeys.list(groupId), (lists) =>
          lists?.map((l) => ({ ...l, items: l.items.map((i) => (i.id === itemId ? { ...i, completed } : i)) })),
        );
        return send();
      },
      onSuccess: put,
      onError: () => client.invalidateQueries({ queryKey: checklistKeys.list(groupId) }),
    }),
    removeItem: useMutation({
      mutationFn: ({ itemId }: { checklistId: number; itemId: number }) => deleteItem(itemId),
      onSuccess: (_, { checklistId, itemId }) =>
        client.setQueryData<Checklist[]>(checklistKeys.list(groupId), (lists) =>
          lists?.map((l) => (l.id === checklistId ? { ...l, items: l.items.filter((i) => i.id !== itemId) } : l)),
        ),
    }),
  };
}
