import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { Group } from "./group.entity.js";
import { User } from "./user.entity.js";

@Entity("group_memberships")
@Index("group_memberships_group_user_key", ["groupId", "userId"], { unique: true })
export class GroupMembership {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer" })
  groupId: number;

  @ManyToOne(() => Group, { onDelete: "CASCADE" })
  @JoinColumn({ name: "group_id" })
  group?: Group;

  @Index("group_memberships_user_id_idx")
  @Column({ type: "text" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Column({ type: "varchar", length: 20, default: "member" })
  role: string;

  @CreateDateColumn({ type: "timestamptz" })
  joinedAt: Date;

  /** When the member last arrived at the group's current destination; cleared when they leave it or it changes. */
  @Column({ type: "timestamptz", nullable: true })
  arrivedAt: Date | null;

  /** Whether the next location inside the arrival radius raises an arrival (false from arriving until leaving). */
  @Column({ type: "boolean", default: true })
  arrivalArmed: boolean;
}
