import { Column, Entity, Index, JoinColumn, ManyToOne } from "typeorm";
import { ChatMessageColumns } from "./chat-message.base.js";
import { SharedTrip } from "./shared-trip.entity.js";

@Entity("shared_trip_messages")
@Index("shared_trip_messages_trip_id_idx", ["sharedTripId", "id"])
export class SharedTripMessage extends ChatMessageColumns {
  @Column({ type: "integer" })
  sharedTripId: number;

  @ManyToOne(() => SharedTrip, { onDelete: "CASCADE" })
  @JoinColumn({ name: "shared_trip_id" })
  sharedTrip?: SharedTrip;

  @Column({ type: "text" })
  userId: string;
}
