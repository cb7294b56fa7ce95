/** The join page's calls: the public invite preview and accepting it. */
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { GroupStatus } from "@caravan/common";
import { api } from "../../api/client";
import { groupKeys } from "../../api/query-keys";

export interface InvitePreview {
  groupId: number;
  /** The signed-in viewer already belongs to the group. */
  member: boolean;
  group: { name: string; description: string | null; startDate: string | null; status: GroupStatus | string };
}

export interface AcceptResult {
  groupId: number;
  alreadyMember: boolean;
}

export const inviteKeys = {
  preview: (token: string) => ["invites", token] as const,
};

export const fetchInvite = (token: string, signal?: AbortSignal) =>
  api.get<InvitePreview>(`/api/invites/${encodeURIComponent(token)}`, signal);

export const acceptInvite = (token: string) =>
  api.post<AcceptResult>(`/api/invites/${encodeURIComponent(token)}/accept`);

export const inviteQuery = (token: string) =>
  queryOptions({ queryKey: inviteKeys.preview(token), queryFn: ({ signal }) => fetchInvite(token, signal) });

export function useInvite(token: string) {
  return useQuery(inviteQuery(token));
}

/** Joining adds a group to the dashboard: its list and stats are stale from here on. */
export function useAcceptInvite(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvite(token),
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
