import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from "typeorm";
import { Group } from "./group.entity.js";
import { User } from "./user.entity.js";
import { DESTINATION_NAME_MAX, PLACE_ID_MAX } from "@caravan/common";

@Entity("trip_proposals")
export class TripProposal {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Index("trip_proposals_group_id_idx")
  @Column({ type: "integer" })
  groupId: number;

  @ManyToOne(() => Group, { onDelete: "CASCADE" })
  @JoinColumn({ name: "group_id" })
  group?: Group;

  @Column({ type: "text" })
  proposedBy: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "proposed_by" })
  proposer?: User;

  @Column({ type: "varchar", length: DESTINATION_NAME_MAX })
  destinationName: string;

  @Column({ type: "text", nullable: true })
  destinationAddress: string | null;

  @Column({ type: "real", nullable: true })
  destinationLatitude: number | null;

  @Column({ type: "real", nullable: true })
  destinationLongitude: number | null;

  @Column({ type: "varchar", length: PLACE_ID_MAX, nullable: true })
  destinationPlaceId: string | null;

  @Column({ type: "timestamptz", nullable: true })
  startDate: Date | null;

  @Column({ type: "timestamptz", nullable: true })
  endDate: Date | null;

  @Column({ type: "integer", nullable: true })
  durationHours: number | null;

  @Column({ type: "varchar", length: 20, default: "proposed" })
  status: string;

  /** Count of yes votes, kept equal to the votes table in the same transaction as each vote. */
  @Column({ type: "integer", default: 0 })
  votes: number;

  @Column({ type: "boolean", default: true })
  isActive: boolean;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz" })
  updatedAt: Date;
}
