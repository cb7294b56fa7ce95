import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { Group } from "./group.entity.js";
import { User } from "./user.entity.js";

/**
 * A member the owner removed. Invites made before `removedAt` do not let them back in; accepting a newer one clears
 * the row (docs/decisions/0010-invites-and-removal.md).
 */
@Entity("group_removals")
export class GroupRemoval {
  @PrimaryColumn({ type: "integer" })
  groupId: number;

  @ManyToOne(() => Group, { onDelete: "CASCADE" })
  @JoinColumn({ name: "group_id" })
  group?: Group;

  @PrimaryColumn({ type: "text" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Column({ type: "timestamptz" })
  removedAt: Date;
}
