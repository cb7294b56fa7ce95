import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { encrypted } from "../crypto.js";
import { SharedTrip } from "./shared-trip.entity.js";
import { Tracker } from "./tracker.entity.js";

@Entity("shared_trip_locations")
@Index("shared_trip_locations_trip_id_idx", ["sharedTripId", "id"])
export class SharedTripLocation {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer" })
  sharedTripId: number;

  @ManyToOne(() => SharedTrip, { onDelete: "CASCADE" })
  @JoinColumn({ name: "shared_trip_id" })
  sharedTrip?: SharedTrip;

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

  /** "browser" or "app" (LocationSource). */
  @Column({ type: "varchar", length: 10, default: "browser" })
  source: string;

  /** Metres. */
  @Column({ type: "real", nullable: true })
  accuracy: number | null;

  /** Metres per second, whatever unit the app sent. */
  @Column({ type: "real", nullable: true })
  speed: number | null;

  /** The tracker that sent it; cleared when the tracker is deleted, while the point stays in the trail. */
  @Column({ type: "integer", nullable: true })
  trackerId: number | null;

  @ManyToOne(() => Tracker, { onDelete: "SET NULL" })
  @JoinColumn({ name: "tracker_id" })
  tracker?: Tracker | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
