import { Column, CreateDateColumn, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { encrypted } from "../crypto.js";
import { User } from "./user.entity.js";

/**
 * The columns every chat line has, in a group's chat and in a shared trip's: its id, its author, its encrypted words,
 * its kind and when it was said. Each chat's entity names its own table, what the line belongs to and whether it
 * needs an author (TypeORM copies these columns into each table: no table of its own).
 */
export abstract class ChatMessageColumns {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

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
