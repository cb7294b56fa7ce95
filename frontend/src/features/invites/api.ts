/** Invites: e-mail invitations and shareable join links for a group. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../api/client";
import { groupKeys } from "../groups/api";

export interface EmailInviteResult {
  email: string;
  expiresAt: string;
}

export interface InviteLink {
  inviteToken: string;
  expiresAt: string;
}

export const sendEmailInvite = (groupId: number, email: string) =>
  api.post<EmailInviteResult>(`/api/groups/${groupId}/invites`, { email });

export const createInviteLink = (groupId: number) => api.post<InviteLink>(`/api/groups/${groupId}/invites/link`, {});

/** The address a link invite is shared as: this site's join page. */
export const joinUrl = (inviteToken: string, origin: string = window.location.origin) =>
  `${origin}/join/${encodeURIComponent(inviteToken)}`;

/** SPEC §7: after an e-mail invite the members list is refetched. */
export function useSendEmailInvite(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => sendEmailInvite(groupId, email),
    onSuccess: () => client.invalidateQueries({ queryKey: groupKeys.members(groupId) }),
  });
}

export function useCreateInviteLink(groupId: number) {
  return useMutation({ mutationFn: () => createInviteLink(groupId) });
}
