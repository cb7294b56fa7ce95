import { Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn } from "typeorm";
import { EMAIL_MAX, NAME_MAX } from "@caravan/common";

@Entity("users")
export class User {
  @PrimaryColumn({ type: "text" })
  id: string;

  /** Stored lower-cased, so uniqueness is case-insensitive. */
  @Index("users_email_key", { unique: true })
  @Column({ type: "varchar", length: EMAIL_MAX, nullable: true })
  email: string | null;

  @Column({ type: "varchar", length: NAME_MAX, nullable: true })
  firstName: string | null;

  @Column({ type: "varchar", length: NAME_MAX, nullable: true })
  lastName: string | null;

  @Column({ type: "text", nullable: true })
  profileImageUrl: string | null;

  @Column({ type: "text", nullable: true, select: false })
  hashedPassword: string | null;

  /**
   * When the owner of `email` proved it (a provider vouched for it); null for an e-mail/password sign-up, which proves
   * nothing. Provider sign-in takes an unproven account over instead of linking to it (docs/decisions/0009-account-linking.md).
   */
  @Column({ type: "timestamptz", nullable: true })
  emailVerifiedAt: Date | null;

  /** 'local' for e-mail and password; otherwise the OAuth provider that created or last linked the account. */
  @Column({ type: "varchar", length: 20, nullable: true })
  provider: string | null;

  /** The language the person chose for Caravan's texts (a SUPPORTED_LOCALES code); null: their browser's. */
  @Column({ type: "varchar", length: 10, nullable: true })
  language: string | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;

  @UpdateDateColumn({ type: "timestamptz" })
  updatedAt: Date;
}
