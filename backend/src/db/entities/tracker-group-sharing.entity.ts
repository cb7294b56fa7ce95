import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { GroupMembership } from "./group-membership.entity.js";

/**
 * A member's choice to let their tracker apps update their location in a group. Tied to the membership, so leaving
 * the group (or being removed) switches it off in the same statement, whichever code path ends the membership.
 */
@Entity("tracker_group_sharing")
@Index("tracker_group_sharing_group_user_key", ["groupId", "userId"], { unique: true })
export class TrackerGroupSharing {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer" })
  groupId: number;

  @Index("tracker_group_sharing_user_id_idx")
  @Column({ type: "text" })
  userId: string;

  @ManyToOne(() => GroupMembership, { onDelete: "CASCADE" })
  @JoinColumn([
    { name: "group_id", referencedColumnName: "groupId" },
    { name: "user_id", referencedColumnName: "userId" },
  ])
  membership?: GroupMembership;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
