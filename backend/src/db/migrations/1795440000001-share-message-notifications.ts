import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A notification may name the shared trip a watcher wrote on, so that the sharer's notice opens it and the share's
 * card counts what is unread. Deleted with the share.
 */
export class ShareMessageNotifications1795440000001 implements MigrationInterface {
  name = "ShareMessageNotifications1795440000001";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" ADD "shared_trip_id" integer`);
    await queryRunner.query(`CREATE INDEX "notifications_shared_trip_id_idx" ON "notifications"  ("shared_trip_id") `);
    await queryRunner.query(
      `ALTER TABLE "notifications" ADD CONSTRAINT "FK_d3c4d79ba931846d8240f977b4f" FOREIGN KEY ("shared_trip_id") REFERENCES "shared_trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notifications" DROP CONSTRAINT "FK_d3c4d79ba931846d8240f977b4f"`);
    await queryRunner.query(`DROP INDEX "public"."notifications_shared_trip_id_idx"`);
    await queryRunner.query(`ALTER TABLE "notifications" DROP COLUMN "shared_trip_id"`);
  }
}
