import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from "typeorm";
import { User } from "./user.entity.js";

/**
 * One upload URL handed out by POST /api/objects/upload, and what was stored through it. Kept in the database so
 * that any node can take the PUT, and so that only its uploader can later use the stored image as a group cover.
 */
@Entity("object_uploads")
export class ObjectUpload {
  @PrimaryGeneratedColumn({ type: "integer" })
  id: number;

  /** SHA-256 of the URL's token: the token itself is never stored. */
  @Index("object_uploads_token_hash_key", { unique: true })
  @Column({ type: "varchar", length: 64 })
  tokenHash: string;

  @Index("object_uploads_user_id_idx")
  @Column({ type: "text" })
  userId: string;

  @ManyToOne(() => User, { onDelete: "CASCADE" })
  @JoinColumn({ name: "user_id" })
  user?: User;

  @Column({ type: "timestamptz" })
  expiresAt: Date;

  /** Set by the one PUT that stored an image; the URL is spent from then on. */
  @Column({ type: "timestamptz", nullable: true })
  usedAt: Date | null;

  @Index("object_uploads_object_key_key", { unique: true })
  @Column({ type: "varchar", length: 255, nullable: true })
  objectKey: string | null;

  @Column({ type: "varchar", length: 50, nullable: true })
  contentType: string | null;

  @Column({ type: "integer", nullable: true })
  sizeBytes: number | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}
