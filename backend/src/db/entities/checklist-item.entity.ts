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
import { GroupChecklist } from "./group-checklist.entity.js";
import { User } from "./user.entity.js";

@Entity("checklist_items")
export class ChecklistItem {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  @Index("checklist_items_checklist_id_idx")
  @Column({ type: "integer" })
  checklistId: number;

  @ManyToOne(() => GroupChecklist, { onDelete: "CASCADE" })
  @JoinColumn({ name: "checklist_id" })
  checklist?: GroupChecklist;

  @Column({ type: "text" })
  text: string;

  @Column({ type: "boolean", default: false })
  completed: boolean;

  @Column({ type: "text", nullable: true })
  completedBy: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "completed_by" })
  completedByUser?: User | null;

  @Column({ type: "timestamptz", nullable: true })
  completedAt: Date | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz" })
  updatedAt: Date;
}
