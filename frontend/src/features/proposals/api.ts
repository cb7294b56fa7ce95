/** Trip proposals: listing, proposing, voting and the owner's finalizing of one into the group's trip. */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ProposalFinalizedEvent, TripProposal, VoteValue } from "@caravan/common";
import { api } from "../../api/client";
import { answerIsLatest, notePush, sentNow, type Sent } from "../../api/pushed";
import { groupKeys, proposalKeys } from "../../api/query-keys";

export { proposalKeys };

/** POST /api/groups/{id}/proposals: dates as ISO timestamps, or a duration in hours, or neither. */
export interface NewProposal {
  destinationName: string;
  destinationAddress: string | null;
  destinationLatitude?: number;
  destinationLongitude?: number;
  destinationPlaceId?: string;
  startDate?: string;
  endDate?: string;
  durationHours?: number;
}

export const fetchProposals = (groupId: number, signal?: AbortSignal) =>
  api.get<TripProposal[]>(`/api/groups/${groupId}/proposals`, signal);
export const createProposal = (groupId: number, payload: NewProposal) =>
  api.post<TripProposal>(`/api/groups/${groupId}/proposals`, payload);
export const voteOnProposal = (proposalId: number, vote: VoteValue) =>
  api.post<TripProposal>(`/api/proposals/${proposalId}/vote`, { vote });
export const finalizeProposal = (groupId: number, proposalId: number) =>
  api.post<TripProposal>(`/api/groups/${groupId}/finalize/${proposalId}`);

export const proposalsQuery = (groupId: number) =>
  queryOptions({ queryKey: proposalKeys.list(groupId), queryFn: ({ signal }) => fetchProposals(groupId, signal) });

/**
 * A group's proposals, whatever its status: docs/product.md §7 reads them only while it is planning, but a decided trip keeps
 * them readable (docs/decisions/0036-who-changes-a-group.md).
 */
export function useProposals(groupId: number, pollInterval: number | false) {
  return useQuery({ ...proposalsQuery(groupId), refetchInterval: pollInterval });
}

/** Puts a proposal into the cached list, newest first, replacing its older copy. */
export function applyProposal(client: QueryClient, proposal: TripProposal) {
  client.setQueryData<TripProposal[]>(proposalKeys.list(proposal.groupId), (list) => {
    if (!list) return list;
    return [...list.filter((p) => p.id !== proposal.id), proposal].sort((a, b) => b.id - a.id);
  });
}

const proposalThing = (proposal: TripProposal) => `proposal:${proposal.id}`;

/** A proposal as the group's room pushed it (proposal:created, proposal:voted). */
export function applyPushedProposal(client: QueryClient, proposal: TripProposal) {
  notePush(client, proposalThing(proposal));
  applyProposal(client, proposal);
}

/**
 * A proposal as a change made here was answered with it, unless the room has pushed a later state of it since the
 * change left (api/pushed.ts): votes by others may have come in between.
 */
function applyAnsweredProposal(client: QueryClient, proposal: TripProposal, sent: Sent | undefined) {
  if (answerIsLatest(client, proposalThing(proposal), sent)) applyProposal(client, proposal);
}

/**
 * A finalized trip changes the group (destination, dates, status active) and closes its other proposals: both are
 * read again rather than patched here.
 */
function readAgainAfterFinalize(client: QueryClient, groupId: number) {
  void client.invalidateQueries({ queryKey: proposalKeys.list(groupId) });
  void client.invalidateQueries({ queryKey: groupKeys.detail(groupId), exact: true });
  void client.invalidateQueries({ queryKey: groupKeys.list() });
  void client.invalidateQueries({ queryKey: groupKeys.stats() });
}

/** proposal:finalized from the group's room. */
export function applyFinalized(client: QueryClient, { groupId, proposal }: ProposalFinalizedEvent) {
  applyPushedProposal(client, proposal);
  readAgainAfterFinalize(client, groupId);
}

export function useCreateProposal(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (payload: NewProposal) => createProposal(groupId, payload),
    onMutate: () => sentNow(client),
    onSuccess: (proposal, _payload, sent) => applyAnsweredProposal(client, proposal, sent),
  });
}

export function useVote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ proposalId, vote }: { proposalId: number; vote: VoteValue }) => voteOnProposal(proposalId, vote),
    onMutate: () => sentNow(client),
    onSuccess: (proposal, _vote, sent) => applyAnsweredProposal(client, proposal, sent),
  });
}

export function useFinalize(groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (proposalId: number) => finalizeProposal(groupId, proposalId),
    onMutate: () => sentNow(client),
    onSuccess: (proposal, _proposalId, sent) => {
      applyAnsweredProposal(client, proposal, sent);
      readAgainAfterFinalize(client, groupId);
    },
  });
}
