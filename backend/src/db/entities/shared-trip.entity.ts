import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { User } from "./user.entity.js";
import { DESTINATION_NAME_MAX } from "@caravan/common";

@Entity("shared_trips")
export class SharedTrip {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Index("shared_trips_sharer_id_idx")
  @Column({ type: "text" })
  sharerId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "sharer_id" })
  sharer?: User;

  @Index("shared_trips_share_token_key", { unique: true })
  @Column({ type: "varchar", length: 64 })
  shareToken: string;

  @Column({ type: "integer" })
  durationHours: number;

  @Index("shared_trips_expires_at_idx")
  @Column({ type: "timestamptz" })
  expiresAt: Date;

  @Column({ type: "boolean", default: true })
  isActive: boolean;

  /** When the sharer stopped it early; the retention clock starts at the earlier of this and expiresAt. */
  @Column({ type: "timestamptz", nullable: true })
  stoppedAt: Date | null;

  /** Where the sharer is heading, when they named a place; watchers see the distance and "Arrived". */
  @Column({ type: "varchar", length: DESTINATION_NAME_MAX, nullable: true })
  destinationName: string | null;

  @Column({ type: "real", nullable: true })
  destinationLatitude: number | null;

  @Column({ type: "real", nullable: true })
  destinationLongitude: number | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
