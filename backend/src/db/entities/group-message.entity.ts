import { Column, Entity, Index, JoinColumn, ManyToOne } from "typeorm";
import { ChatMessageColumns } from "./chat-message.base.js";
import { Group } from "./group.entity.js";

@Entity("group_messages")
@Index("group_messages_group_id_id_idx", ["groupId", "id"])
@Index("group_messages_created_at_idx", ["createdAt"])
export class GroupMessage extends ChatMessageColumns {
  @Column({ type: "integer" })
  groupId: number;

  @ManyToOne(() => Group, { onDelete: "CASCADE" })
  @JoinColumn({ name: "group_id" })
  group?: Group;

  /** Null on system lines (an arrival), which nobody wrote. */
  @Column({ type: "text", nullable: true })
  userId: string | null;
}
