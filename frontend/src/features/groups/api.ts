/** Groups: fetchers, query options and hooks. Mutations keep the list, the stats and the open group in step. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type CreateGroupPayload,
  type Group,
  type GroupMember,
  type GroupStats,
  type GroupSummary,
  type UpdateDestinationPayload,
  type UpdateGroupPayload,
} from "@caravan/common";
import { ApiError, api } from "../../api/client";
import { GROUPS_PATH, GROUP_STATS_PATH } from "../../api/paths";
import { groupKeys } from "../../api/query-keys";

export { groupKeys };

export const fetchGroups = (signal?: AbortSignal) => api.get<GroupSummary[]>(GROUPS_PATH, signal);
export const fetchGroupStats = (signal?: AbortSignal) => api.get<GroupStats>(GROUP_STATS_PATH, signal);
export const fetchGroup = (id: number, signal?: AbortSignal) => api.get<Group>(`/api/groups/${id}`, signal);
export const fetchMembers = (id: number, signal?: AbortSignal) =>
  api.get<GroupMember[]>(`/api/groups/${id}/members`, signal);
export const createGroup = (payload: CreateGroupPayload) => api.post<Group>(GROUPS_PATH, payload);
export const updateGroup = (id: number, payload: UpdateGroupPayload) => api.patch<Group>(`/api/groups/${id}`, payload);
export const updateDestination = (id: number, payload: UpdateDestinationPayload) =>
  api.patch<Group>(`/api/groups/${id}`, payload);
export const deleteGroup = (id: number) => api.delete<void>(`/api/groups/${id}`);
export const leaveGroup = (id: number, userId: string) => api.delete<void>(`/api/groups/${id}/members/${userId}`);

export const groupsQuery = queryOptions({ queryKey: groupKeys.list(), queryFn: ({ signal }) => fetchGroups(signal) });
export const groupStatsQuery = queryOptions({
  queryKey: groupKeys.stats(),
  queryFn: ({ signal }) => fetchGroupStats(signal),
});

export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/**
 * A 403 is final, not retried: joining commits the membership before its answer reaches the browser, so a
 * just-joined member is never refused, and a stranger sees 'Access Denied' at once instead of after 8 s.
 */
export const groupQuery = (id: number) =>
  queryOptions({ queryKey: groupKeys.detail(id), queryFn: ({ signal }) => fetchGroup(id, signal) });

export const membersQuery = (id: number) =>
  queryOptions({ queryKey: groupKeys.members(id), queryFn: ({ signal }) => fetchMembers(id, signal) });

export function useGroups() {
  return useQuery(groupsQuery);
}

export function useGroupStats() {
  return useQuery(groupStatsQuery);
}

export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.list() }),
  });
}

export function useUpdateDestination(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: UpdateDestinationPayload) => updateDestination(id, payload),
    onSuccess: (group) => {
      client.setQueryData(groupKeys.detail(id), group);
      void client.invalidateQueries({ queryKey: groupKeys.list() });
    },
  });
}

/** The owner's changes (Edit Group, the arrival radius): the page shows them at once, the dashboard on its next visit. */
export function useUpdateGroup(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: UpdateGroupPayload) => updateGroup(id, payload),
    onSuccess: (group) => {
      client.setQueryData(groupKeys.detail(id), group);
      void client.invalidateQueries({ queryKey: groupKeys.list() });
      void client.invalidateQueries({ queryKey: groupKeys.stats() });
    },
  });
}

/** After deleting or leaving, the group is gone for this user: drop its cached pages so nothing stale flashes. */
function forget(client: ReturnType<typeof useQueryClient>, id: number) {
  client.removeQueries({ queryKey: groupKeys.detail(id) });
  void client.invalidateQueries({ queryKey: groupKeys.list() });
  void client.invalidateQueries({ queryKey: groupKeys.stats() });
}

/*
 * Deleting or leaving a group: `done` runs with the mutation's own callbacks, which run even when the component
 * that asked is gone. The group's room tells this page of the deletion or departure too, and may do so before the
 * answer comes: the page then reads the group again, shows that it has no access, and unmounts the button whose
 * per-call callbacks would have said "Left Group" and gone home.
 */
export function useDeleteGroup(id: number, done: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteGroup(id),
    onSuccess: () => {
      forget(client, id);
      done();
    },
  });
}

/** The owner removes someone else; the members list is refetched (member:left also arrives over the socket). */
export function useRemoveMember(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => leaveGroup(id, userId),
    onSettled: () => client.invalidateQueries({ queryKey: groupKeys.members(id) }),
  });
}

export function useLeaveGroup(id: number, done: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => leaveGroup(id, userId),
    onSuccess: () => {
      forget(client, id);
      done();
    },
  });
}
