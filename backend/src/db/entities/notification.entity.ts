import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { encrypted } from "../crypto.js";
import { Group } from "./group.entity.js";
import { SharedTrip } from "./shared-trip.entity.js";
import { User } from "./user.entity.js";

/** One notification for one recipient. Texts name people and places, so they are stored encrypted like messages. */
@Entity("notifications")
@Index("notifications_user_id_created_at_id_idx", ["userId", "createdAt", "id"])
export class Notification {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "text" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Index("notifications_group_id_idx")
  @Column({ type: "integer", nullable: true })
  groupId: number | null;

  @ManyToOne(() => Group, { onDelete: "CASCADE" })
  @JoinColumn({ name: "group_id" })
  group?: Group;

  /** The shared trip a watcher wrote on, for the sharer's notice; it goes when the share is deleted. */
  @Index("notifications_shared_trip_id_idx")
  @Column({ type: "integer", nullable: true })
  sharedTripId: number | null;

  @ManyToOne(() => SharedTrip, { onDelete: "CASCADE" })
  @JoinColumn({ name: "shared_trip_id" })
  sharedTrip?: SharedTrip;

  @Column({ type: "varchar", length: 30 })
  kind: string;

  @Column({ type: "text", transformer: encrypted })
  text: string;

  @Column({ type: "timestamptz", nullable: true })
  readAt: Date | null;

  @Index("notifications_created_at_idx")
  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
