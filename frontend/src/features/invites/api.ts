/** Invites: e-mail invitations and shareable join links for a group. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PendingInvite } from "@caravan/common";
import { api } from "../../api/client";
import { groupKeys, inviteKeys } from "../../api/query-keys";

export { inviteKeys };

export interface EmailInviteResult {
  email: string;
  expiresAt: string;
}

export interface InviteLink {
  inviteToken: string;
  expiresAt: string;
}

export const fetchPendingInvites = (groupId: number, signal?: AbortSignal) =>
  api.get<PendingInvite[]>(`/api/groups/${groupId}/invites`, signal);

export const revokeInvite = (groupId: number, inviteId: number) =>
  api.delete<void>(`/api/groups/${groupId}/invites/${inviteId}`);

export const sendEmailInvite = (groupId: number, email: string) =>
  api.post<EmailInviteResult>(`/api/groups/${groupId}/invites`, { email });

export const createInviteLink = (groupId: number) => api.post<InviteLink>(`/api/groups/${groupId}/invites/link`, {});

/** The address a link invite is shared as: this site's join page. */
export const joinUrl = (inviteToken: string, origin: string = window.location.origin) =>
  `${origin}/join/${encodeURIComponent(inviteToken)}`;

/** docs/product.md §7: after an e-mail invite the members list is refetched. */
export function useSendEmailInvite(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => sendEmailInvite(groupId, email),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: inviteKeys.pending(groupId) });
      return client.invalidateQueries({ queryKey: groupKeys.members(groupId) });
    },
  });
}

export function useCreateInviteLink(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => createInviteLink(groupId),
    onSuccess: () => client.invalidateQueries({ queryKey: inviteKeys.pending(groupId) }),
  });
}

/** The owner's list of invites that can still let someone in. */
export function usePendingInvites(groupId: number, enabled: boolean) {
  return useQuery({
    queryKey: inviteKeys.pending(groupId),
    queryFn: ({ signal }) => fetchPendingInvites(groupId, signal),
    enabled,
  });
}

export function useRevokeInvite(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: number) => revokeInvite(groupId, inviteId),
    onSettled: () => client.invalidateQueries({ queryKey: inviteKeys.pending(groupId) }),
  });
}
