import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from "typeorm";
import { User } from "./user.entity.js";
import { DESTINATION_NAME_MAX, GROUP_NAME_MAX, GROUP_STATUS_MAX, PLACE_ID_MAX } from "@caravan/common";

@Entity("groups")
export class Group {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Column({ type: "varchar", length: GROUP_NAME_MAX })
  name: string;

  @Column({ type: "text", nullable: true })
  description: string | null;

  @Column({ type: "text", nullable: true })
  coverImageUrl: string | null;

  @Index("groups_owner_id_idx")
  @Column({ type: "text" })
  ownerId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "owner_id" })
  owner?: User;

  @Column({ type: "varchar", length: GROUP_STATUS_MAX, default: "planning" })
  status: string;

  @Column({ type: "timestamptz", nullable: true })
  startDate: Date | null;

  @Column({ type: "timestamptz", nullable: true })
  endDate: Date | null;

  @Column({ type: "varchar", length: DESTINATION_NAME_MAX, nullable: true })
  destinationName: string | null;

  @Column({ type: "text", nullable: true })
  destinationAddress: string | null;

  @Column({ type: "real", nullable: true })
  destinationLatitude: number | null;

  @Column({ type: "real", nullable: true })
  destinationLongitude: number | null;

  @Column({ type: "varchar", length: PLACE_ID_MAX, nullable: true })
  destinationPlaceId: string | null;

  @Column({ type: "integer", default: 300 })
  arrivalRadiusMeters: number;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz" })
  updatedAt: Date;
}
