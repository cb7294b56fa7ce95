import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { encrypted } from "../crypto.js";
import { SharedTrip } from "./shared-trip.entity.js";
import { User } from "./user.entity.js";

@Entity("shared_trip_messages")
@Index("shared_trip_messages_trip_id_idx", ["sharedTripId", "id"])
export class SharedTripMessage {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "integer" })
  sharedTripId: number;

  @ManyToOne(() => SharedTrip, { onDelete: "CASCADE" })
  @JoinColumn({ name: "shared_trip_id" })
  sharedTrip?: SharedTrip;

  @Column({ type: "text" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Column({ type: "text", transformer: encrypted })
  content: string;

  @Column({ type: "varchar", length: 20, default: "text" })
  messageType: string;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
