import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Arrivals and notifications: each group's arrival radius, each membership's arrival state, system lines in the
 * chat (no author), and one notifications table read newest first per recipient.
 */
export class ArrivalsNotifications1795400000000 implements MigrationInterface {
  name = "ArrivalsNotifications1795400000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "notifications" ("id" SERIAL NOT NULL, "user_id" text NOT NULL, "group_id" integer, "kind" character varying(30) NOT NULL, "text" text NOT NULL, "read_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6a72c3c0f683f6462415e653c3a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "notifications_group_id_idx" ON "notifications"  ("group_id") `);
    await queryRunner.query(`CREATE INDEX "notifications_created_at_idx" ON "notifications"  ("created_at") `);
    await queryRunner.query(
      `CREATE INDEX "notifications_user_id_created_at_id_idx" ON "notifications"  ("user_id", "created_at", "id") `,
    );
    await queryRunner.query(`ALTER TABLE "groups" ADD "arrival_radius_meters" integer NOT NULL DEFAULT '300'`);
    await queryRunner.query(`ALTER TABLE "group_memberships" ADD "arrived_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "group_memberships" ADD "arrival_armed" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "group_messages" ALTER COLUMN "user_id" DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_9a8a82462cab47c73d25f49261f" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_eaba0138c54227e2eafd7288122" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_eaba0138c54227e2eafd7288122"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_9a8a82462cab47c73d25f49261f"`);
    // System lines have no author and cannot survive the NOT NULL coming back.
    await queryRunner.query(`DELETE FROM "group_messages" WHERE "user_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "group_messages" ALTER COLUMN "user_id" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "group_memberships" DROP COLUMN "arrival_armed"`);
    await queryRunner.query(`ALTER TABLE "group_memberships" DROP COLUMN "arrived_at"`);
    await queryRunner.query(`ALTER TABLE "groups" DROP COLUMN "arrival_radius_meters"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_user_id_created_at_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_created_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_group_id_idx"`);
    await queryRunner.query(`DROP TABLE "notifications"`);
  }
}
