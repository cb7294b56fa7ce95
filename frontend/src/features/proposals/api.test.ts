import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { TripProposal } from "@caravan/common";
import { groupKeys } from "../../api/query-keys";
import { applyFinalized, applyProposal, proposalKeys } from "./api";

const proposal = (id: number, votes = 0, status = "proposed"): TripProposal => ({
  id,
  groupId: 8,
  destinationName: `Place ${id}`,
  destinationAddress: null,
  destinationLatitude: null,
  destinationLongitude: null,
  destinationPlaceId: null,
  startDate: null,
  endDate: null,
  durationHours: null,
  status,
  votes,
  isActive: status === "proposed",
  createdAt: "2026-05-01T10:00:00.000Z",
  proposedBy: "u1",
  proposer: { firstName: "Ana", lastName: null },
  proposalVotes: [],
});

describe("proposal cache", () => {
  it("puts new proposals first and replaces voted ones in place", () => {
    const client = new QueryClient();
    client.setQueryData(proposalKeys.list(8), [proposal(2), proposal(1)]);
    applyProposal(client, proposal(3));
    applyProposal(client, proposal(1, 2));
    const list = client.getQueryData<TripProposal[]>(proposalKeys.list(8))!;
    expect(list.map((p) => [p.id, p.votes])).toEqual([
      [3, 0],
      [2, 0],
      [1, 2],
    ]);
  });

  it("after a finalize, marks the group and its proposals stale", () => {
    const client = new QueryClient();
    client.setQueryData(proposalKeys.list(8), [proposal(2), proposal(1)]);
    client.setQueryData(groupKeys.detail(8), { id: 8 });
    applyFinalized(client, { groupId: 8, proposal: proposal(1, 1, "finalized") });
    expect(client.getQueryData<TripProposal[]>(proposalKeys.list(8))![1]!.status).toBe("finalized");
    expect(client.getQueryState(proposalKeys.list(8))!.isInvalidated).toBe(true);
    expect(client.getQueryState(groupKeys.detail(8))!.isInvalidated).toBe(true);
  });
});
