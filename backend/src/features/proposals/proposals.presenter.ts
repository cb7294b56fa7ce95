import type { TripProposal as ProposalView } from "@caravan/common";
import type { TripProposal, TripProposalVote } from "../../db/entities/index.js";

export function presentProposal(p: TripProposal, votes: TripProposalVote[]): ProposalView {
  return {
    id: p.id,
    groupId: p.groupId,
    destinationName: p.destinationName,
    destinationAddress: p.destinationAddress,
    destinationLatitude: p.destinationLatitude,
    destinationLongitude: p.destinationLongitude,
    destinationPlaceId: p.destinationPlaceId,
    startDate: p.startDate?.toISOString() ?? null,
    endDate: p.endDate?.toISOString() ?? null,
    durationHours: p.durationHours,
    status: p.status,
    votes: p.votes,
    isActive: p.isActive,
    createdAt: p.createdAt.toISOString(),
    proposedBy: p.proposedBy,
    proposer: { firstName: p.proposer?.firstName ?? null, lastName: p.proposer?.lastName ?? null },
    proposalVotes: votes.map((v) => ({
      userId: v.userId,
      vote: v.vote as "yes" | "no",
      user: { firstName: v.user?.firstName ?? null, lastName: v.user?.lastName ?? null },
    })),
  };
}
