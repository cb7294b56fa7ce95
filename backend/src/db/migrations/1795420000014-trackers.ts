import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Tracker apps: their tokens (hashed), the groups each member lets them feed (tied to the membership), and where a
 * shared trip's point came from with its accuracy and speed.
 */
export class Trackers1795420000014 implements MigrationInterface {
  name = "Trackers1795420000014";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "trackers" ("id" SERIAL NOT NULL, "user_id" text NOT NULL, "name" character varying(50) NOT NULL, "token_hash" character varying(64) NOT NULL, "last_stored_at" TIMESTAMP WITH TIME ZONE, "last_point_at" TIMESTAMP WITH TIME ZONE, "last_seen_at" TIMESTAMP WITH TIME ZONE, "last_battery" real, "last_accuracy" real, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e096eff85edfb2f131883cc92ce" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "trackers_user_id_idx" ON "trackers"  ("user_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "trackers_token_hash_key" ON "trackers"  ("token_hash")`);
    await queryRunner.query(
      `CREATE TABLE "tracker_group_sharing" ("id" SERIAL NOT NULL, "group_id" integer NOT NULL, "user_id" text NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4bf1afa96d22aa82e99d04905eb" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "tracker_group_sharing_user_id_idx" ON "tracker_group_sharing"  ("user_id")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "tracker_group_sharing_group_user_key" ON "tracker_group_sharing"  ("group_id", "user_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "shared_trip_locations" ADD "source" character varying(10) NOT NULL DEFAULT 'browser'`,
    );
    await queryRunner.query(`ALTER TABLE "shared_trip_locations" ADD "accuracy" real`);
    await queryRunner.query(`ALTER TABLE "shared_trip_locations" ADD "tracker_id" integer`);
    await queryRunner.query(
      `ALTER TABLE "trackers" ADD CONSTRAINT "FK_8108efc6e588390f0b4bd0c928c" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shared_trip_locations" ADD CONSTRAINT "FK_fec54317b8592860c4b8362d529" FOREIGN KEY ("tracker_id") REFERENCES "trackers"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "tracker_group_sharing" ADD CONSTRAINT "FK_4f6af53b20de9861dff7de0754b" FOREIGN KEY ("group_id", "user_id") REFERENCES "group_memberships"("group_id","user_id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "tracker_group_sharing" DROP CONSTRAINT "FK_4f6af53b20de9861dff7de0754b"`);
    await queryRunner.query(`ALTER TABLE "shared_trip_locations" DROP CONSTRAINT "FK_fec54317b8592860c4b8362d529"`);
    await queryRunner.query(`ALTER TABLE "trackers" DROP CONSTRAINT "FK_8108efc6e588390f0b4bd0c928c"`);
    await queryRunner.query(`ALTER TABLE "shared_trip_locations" DROP COLUMN "tracker_id"`);
    await queryRunner.query(`ALTER TABLE "shared_trip_locations" DROP COLUMN "accuracy"`);
    await queryRunner.query(`ALTER TABLE "shared_trip_locations" DROP COLUMN "source"`);
    await queryRunner.query(`DROP INDEX "public"."tracker_group_sharing_group_user_key"`);
    await queryRunner.query(`DROP INDEX "public"."tracker_group_sharing_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "tracker_group_sharing"`);
    await queryRunner.query(`DROP INDEX "public"."trackers_token_hash_key"`);
    await queryRunner.query(`DROP INDEX "public"."trackers_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "trackers"`);
  }
}
