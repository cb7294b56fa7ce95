import { In, type DataSource, type EntityManager } from "typeorm";
import { ERRORS, VALIDATION, rooms, type TripProposal as ProposalView, type VoteValue } from "@caravan/common";
import type { Geocoder } from "../../adapters/geocoder/geocoder.js";
import { Group, GroupMembership, TripProposal, TripProposalVote, type User } from "../../db/entities/index.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import type { Realtime } from "../../realtime/publisher.js";
import type { NotificationsService } from "../notifications/notifications.service.js";
import type { ProposalDto } from "./proposals.dto.js";
import { presentProposal } from "./proposals.presenter.js";

export interface FinalizedTrip {
  proposal: ProposalView;
  group: Group;
}

/** Proposals of where and when to go, votes on them, and the owner's finalizing of one into the group's trip. */
export class ProposalsService {
  constructor(
    private readonly db: DataSource,
    private readonly realtime: Realtime,
    /** Called with the group after a trip is finalized, to announce its new state (group:updated). */
    private readonly onGroupChanged: (group: Group) => void,
    private readonly notifications: NotificationsService,
    private readonly places: Pick<Geocoder, "resolve"> | null = null,
  ) {}

  /** The group's proposals, newest first, with proposer and votes: three queries, whatever their number. */
  async list(groupId: number, manager: EntityManager = this.db.manager): Promise<ProposalView[]> {
    const proposals = await manager.find(TripProposal, {
      where: { groupId },
      relations: { proposer: true },
      order: { createdAt: "DESC", id: "DESC" },
    });
    return this.withVotes(proposals, manager);
  }

  private async one(proposalId: number, manager: EntityManager = this.db.manager): Promise<ProposalView> {
    const p = await manager.findOneOrFail(TripProposal, { where: { id: proposalId }, relations: { proposer: true } });
    return (await this.withVotes([p], manager))[0]!;
  }

  private async withVotes(proposals: TripProposal[], manager: EntityManager): Promise<ProposalView[]> {
    if (proposals.length === 0) return [];
    const votes = await manager.find(TripProposalVote, {
      where: { proposalId: In(proposals.map((p) => p.id)) },
      relations: { user: true },
      order: { createdAt: "ASC", id: "ASC" },
    });
    return proposals.map((p) =>
      presentProposal(
        p,
        votes.filter((v) => v.proposalId === p.id),
      ),
    );
  }

  async create(group: Group, author: User, dto: ProposalDto): Promise<ProposalView> {
    if (group.status !== "planning") throw conflict(ERRORS.proposalsClosed);
    const start = dto.startDate ? new Date(dto.startDate) : null;
    const end = dto.endDate ? new Date(dto.endDate) : null;
    if (end && !start) throw badRequest(VALIDATION.endWithoutStart, { endDate: VALIDATION.endWithoutStart });
    if (start && end && end < start)
      throw badRequest(VALIDATION.endBeforeStart, { endDate: VALIDATION.endBeforeStart });
    if (start && dto.durationHours) throw badRequest(VALIDATION.datesOrDuration);
    // A destination typed by hand is placed through the gazetteer when it names a known place, so the trip it may
    // become has a point on the map rather than none.
    const placed = dto.destinationLatitude == null || dto.destinationLongitude == null;
    const found = placed && this.places ? await this.places.resolve(dto.destinationName) : null;
    const saved = await this.db.getRepository(TripProposal).save({
      groupId: group.id,
      proposedBy: author.id,
      destinationName: dto.destinationName,
      destinationAddress: dto.destinationAddress || found?.address || null,
      destinationLatitude: found?.latitude ?? dto.destinationLatitude ?? null,
      destinationLongitude: found?.longitude ?? dto.destinationLongitude ?? null,
      destinationPlaceId: found?.placeId ?? (dto.destinationPlaceId || null),
      startDate: start,
      endDate: end,
      durationHours: dto.durationHours ?? null,
    });
    const view = await this.one(saved.id);
    this.realtime.publish(rooms.group(group.id), "proposal:created", view);
    await this.notifications.proposalCreated(group.id, author, saved.destinationName);
    return view;
  }

  /** One vote per member: voting again replaces it. The yes count is recomputed under a row lock on the proposal. */
  async vote(group: Group, proposalId: number, voter: User, vote: VoteValue): Promise<ProposalView> {
    if (group.status !== "planning") throw conflict(ERRORS.proposalsClosed);
    const view = await this.db.transaction(async (tx) => {
      const proposal = await tx.findOne(TripProposal, {
        where: { id: proposalId },
        lock: { mode: "pessimistic_write" },
      });
      if (!proposal) throw notFound(ERRORS.proposalNotFound);
      if (proposal.status !== "proposed") throw conflict(ERRORS.proposalNotOpen);
      await tx
        .createQueryBuilder()
        .insert()
        .into(TripProposalVote)
        .values({ proposalId, userId: voter.id, vote })
        .orUpdate(["vote"], ["proposal_id", "user_id"])
        .execute();
      await tx.query(
        `UPDATE trip_proposals SET votes = (SELECT count(*) FROM trip_proposal_votes WHERE proposal_id = $1 AND vote = 'yes'),
         updated_at = now() WHERE id = $1`,
        [proposalId],
      );
      return this.one(proposalId, tx);
    });
    this.realtime.publish(rooms.group(group.id), "proposal:voted", view);
    return view;
  }

  /**
   * In one transaction: the proposal becomes finalized, the group's other open proposals are closed, and the group
   * takes the proposal's destination and dates and becomes active (docs/product.md §4).
   */
  async finalize(groupId: number, proposalId: number, owner: User): Promise<FinalizedTrip> {
    const result = await this.db.transaction(async (tx) => {
      const group = await tx.findOne(Group, { where: { id: groupId }, lock: { mode: "pessimistic_write" } });
      if (!group) throw notFound(ERRORS.groupNotFound);
      if (group.status !== "planning") throw conflict(ERRORS.proposalsClosed);
      const proposal = await tx.findOne(TripProposal, { where: { id: proposalId, groupId } });
      if (!proposal) throw notFound(ERRORS.proposalNotFound);
      if (proposal.status !== "proposed") throw conflict(ERRORS.proposalNotOpen);
      const yes = await tx.count(TripProposalVote, { where: { proposalId, vote: "yes" } });
      if (yes === 0) throw conflict(ERRORS.finalizeNeedsYes);

      await tx.update(TripProposal, { id: proposalId }, { status: "finalized", isActive: false });
      await tx
        .createQueryBuilder()
        .update(TripProposal)
        .set({ status: "closed", isActive: false })
        .where("group_id = :groupId AND id <> :proposalId AND status = 'proposed'", { groupId, proposalId })
        .execute();

      const startDate = proposal.startDate ?? group.startDate;
      let endDate = proposal.startDate ? proposal.endDate : group.endDate;
      if (proposal.durationHours && startDate)
        endDate = new Date(startDate.getTime() + proposal.durationHours * 3_600_000);
      await tx.update(
        Group,
        { id: groupId },
        {
          status: "active",
          destinationName: proposal.destinationName,
          destinationAddress: proposal.destinationAddress,
          destinationLatitude: proposal.destinationLatitude,
          destinationLongitude: proposal.destinationLongitude,
          destinationPlaceId: proposal.destinationPlaceId,
          startDate,
          endDate,
        },
      );
      // A new destination: everyone's arrival starts over.
      await tx.update(GroupMembership, { groupId }, { arrivedAt: null, arrivalArmed: true });
      return {
        proposal: await this.one(proposalId, tx),
        group: await tx.findOneByOrFail(Group, { id: groupId }),
      };
    });
    this.realtime.publish(rooms.group(groupId), "proposal:finalized", { groupId, proposal: result.proposal });
    this.onGroupChanged(result.group);
    await this.notifications.tripFinalized(result.group, owner, result.group.destinationName);
    return result;
  }
}
