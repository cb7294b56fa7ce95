import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { TripProposal } from "./trip-proposal.entity.js";
import { User } from "./user.entity.js";

@Entity("trip_proposal_votes")
@Index("trip_proposal_votes_proposal_user_key", ["proposalId", "userId"], { unique: true })
export class TripProposalVote {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer" })
  proposalId: number;

  @ManyToOne(() => TripProposal, { onDelete: "CASCADE" })
  @JoinColumn({ name: "proposal_id" })
  proposal?: TripProposal;

  @Column({ type: "text" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Column({ type: "varchar", length: 10 })
  vote: string;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
