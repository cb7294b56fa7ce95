import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { encrypted } from "../crypto.js";
import { GroupMembership } from "./group-membership.entity.js";
import { Group } from "./group.entity.js";
import { User } from "./user.entity.js";

/**
 * A member's current location in a group: one row per (group, member), replaced by each update, so reading a
 * group's locations costs O(members) however often they post.
 */
@Entity("user_locations")
@Index("user_locations_group_user_key", ["groupId", "userId"], { unique: true })
export class UserLocation {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "text" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Column({ type: "integer" })
  groupId: number;

  @ManyToOne(() => Group, { onDelete: "CASCADE" })
  @JoinColumn({ name: "group_id" })
  group?: Group;

  /**
   * Ties the location to the membership: when a member leaves (or is removed) the database deletes their location
   * with the membership, whichever code path ends it, and a location can never be stored for a non-member.
   */
  @ManyToOne(() => GroupMembership, { onDelete: "CASCADE" })
  @JoinColumn([
    { name: "group_id", referencedColumnName: "groupId" },
    { name: "user_id", referencedColumnName: "userId" },
  ])
  membership?: GroupMembership;

  @Column({ type: "real" })
  latitude: number;

  @Column({ type: "real" })
  longitude: number;

  @Column({ type: "text", nullable: true, transformer: encrypted })
  address: string | null;

  @Column({ type: "text", nullable: true, transformer: encrypted })
  notes: string | null;

  @Column({ type: "boolean", default: true })
  isActive: boolean;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
