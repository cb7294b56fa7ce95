import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { User } from "./user.entity.js";
import { TRACKER_NAME_MAX } from "@caravan/common";

/** A tracker app (OwnTracks, OsmAnd, Traccar Client) that posts its owner's position with a bearer token. */
@Entity("trackers")
export class Tracker {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Index("trackers_user_id_idx")
  @Column({ type: "text" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Column({ type: "varchar", length: TRACKER_NAME_MAX })
  name: string;

  /** SHA-256 of the token: the token itself is shown once and never stored, so a database leak feeds no one. */
  @Index("trackers_token_hash_key", { unique: true })
  @Column({ type: "varchar", length: 64 })
  tokenHash: string;

  /** When a point was last stored (by the server's clock). */
  @Column({ type: "timestamptz", nullable: true })
  lastStoredAt: Date | null;

  /**
   * The newest point's own time: an older point goes to the trail but does not replace the current position, and
   * the one-point-per-second rule is a conditional update against it.
   */
  @Column({ type: "timestamptz", nullable: true })
  lastPointAt: Date | null;

  @Column({ type: "timestamptz", nullable: true })
  lastSeenAt: Date | null;

  @Column({ type: "real", nullable: true })
  lastBattery: number | null;

  @Column({ type: "real", nullable: true })
  lastAccuracy: number | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
