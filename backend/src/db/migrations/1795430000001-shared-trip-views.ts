import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * The browsers that opened each share, for the sharer's view count: a keyed hash of a random cookie id per share,
 * no IP address. Deleted with the share, and with its trail by the retention sweep.
 */
export class SharedTripViews1795430000001 implements MigrationInterface {
  name = "SharedTripViews1795430000001";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "shared_trip_views" ("shared_trip_id" integer NOT NULL, "viewer_hash" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e8c0c795104a9ca645d2411ca82" PRIMARY KEY ("shared_trip_id", "viewer_hash"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "shared_trip_views" ADD CONSTRAINT "FK_e09314bff68ad0d1cdd271b0fce" FOREIGN KEY ("shared_trip_id") REFERENCES "shared_trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shared_trip_views" DROP CONSTRAINT "FK_e09314bff68ad0d1cdd271b0fce"`);
    await queryRunner.query(`DROP TABLE "shared_trip_views"`);
  }
}
