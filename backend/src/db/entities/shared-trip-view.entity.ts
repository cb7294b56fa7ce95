import { CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import { SharedTrip } from "./shared-trip.entity.js";

/**
 * One browser that opened a share's link. The browser is known only by a keyed hash of a random id in its cookie,
 * different for each share; no IP address or account is stored. Deleted with the share's trail.
 */
@Entity("shared_trip_views")
export class SharedTripViewRecord {
  @PrimaryColumn({ type: "integer" })
  sharedTripId: number;

  @ManyToOne(() => SharedTrip, { onDelete: "CASCADE" })
  @JoinColumn({ name: "shared_trip_id" })
  sharedTrip?: SharedTrip;

  /** HMAC-SHA-256 (hex) of the share's id and the browser's cookie id, under a server secret. */
  @PrimaryColumn({ type: "varchar", length: 64 })
  viewerHash: string;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
