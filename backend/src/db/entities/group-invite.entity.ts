import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { Group } from "./group.entity.js";
import { User } from "./user.entity.js";
import { EMAIL_MAX } from "@caravan/common";

@Entity("group_invites")
export class GroupInvite {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Index("group_invites_group_id_idx")
  @Column({ type: "integer" })
  groupId: number;

  @ManyToOne(() => Group, { onDelete: "CASCADE" })
  @JoinColumn({ name: "group_id" })
  group?: Group;

  @Column({ type: "text" })
  inviterUserId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "inviter_user_id" })
  inviter?: User;

  /** Set for an e-mail invite (single use); null for a shareable link. */
  @Column({ type: "varchar", length: EMAIL_MAX, nullable: true })
  email: string | null;

  @Index("group_invites_invite_token_key", { unique: true })
  @Column({ type: "varchar", length: 64 })
  inviteToken: string;

  @Column({ type: "timestamptz" })
  expiresAt: Date;

  @Column({ type: "timestamptz", nullable: true })
  usedAt: Date | null;

  /** How many people joined through it (a link is used many times; an e-mail invite at most once). */
  @Column({ type: "integer", default: 0 })
  useCount: number;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
