import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { encrypted } from "../crypto.js";
import { Group } from "./group.entity.js";
import { User } from "./user.entity.js";

@Entity("group_messages")
@Index("group_messages_group_id_id_idx", ["groupId", "id"])
export class GroupMessage {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer" })
  groupId: number;

  @ManyToOne(() => Group, { onDelete: "CASCADE" })
  @JoinColumn({ name: "group_id" })
  group?: Group;

  /** Null on system lines (an arrival), which nobody wrote. */
  @Column({ type: "text", nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Column({ type: "text", transformer: encrypted })
  content: string;

  @Column({ type: "varchar", length: 20, default: "text" })
  messageType: string;

  @Index("group_messages_created_at_idx")
  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
