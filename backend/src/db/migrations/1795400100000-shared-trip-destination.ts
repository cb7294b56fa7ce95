import type { MigrationInterface, QueryRunner } from "typeorm";

/** A shared trip's optional destination, and the speed each position reported, for the watchers' distance and ETA. */
export class SharedTripDestination1795400100000 implements MigrationInterface {
  name = "SharedTripDestination1795400100000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shared_trips" ADD "destination_name" character varying(500)`);
    await queryRunner.query(`ALTER TABLE "shared_trips" ADD "destination_latitude" real`);
    await queryRunner.query(`ALTER TABLE "shared_trips" ADD "destination_longitude" real`);
    await queryRunner.query(`ALTER TABLE "shared_trip_locations" ADD "speed" real`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "shared_trip_locations" DROP COLUMN "speed"`);
    await queryRunner.query(`ALTER TABLE "shared_trips" DROP COLUMN "destination_longitude"`);
    await queryRunner.query(`ALTER TABLE "shared_trips" DROP COLUMN "destination_latitude"`);
    await queryRunner.query(`ALTER TABLE "shared_trips" DROP COLUMN "destination_name"`);
  }
}
