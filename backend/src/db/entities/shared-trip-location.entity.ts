import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { encrypted } from "../crypto.js";
import { SharedTrip } from "./shared-trip.entity.js";

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

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
