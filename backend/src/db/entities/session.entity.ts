import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** koa-session's external store (docs/product.md §3: sid, sess, expire). */
@Entity("sessions")
export class SessionRecord {
  @PrimaryColumn({ type: "varchar", length: 128 })
  sid: string;

  @Column({ type: "json" })
  sess: Record<string, unknown>;

  @Index("sessions_expire_idx")
  @Column({ type: "timestamptz" })
  expire: Date;
}
