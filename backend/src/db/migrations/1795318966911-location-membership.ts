import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * A member's location belongs to their membership: leaving the group (or being removed) deletes it in the same
 * statement, which is what the group page's privacy note promises.
 */
export class LocationMembership1795318966911 implements MigrationInterface {
  name = "LocationMembership1795318966911";

  public async up(queryRunner: QueryRunner): Promise<void> {
    // Locations left behind by members who already left would block the constraint; they should not exist anyway.
    await queryRunner.query(
      `DELETE FROM "user_locations" l WHERE NOT EXISTS (SELECT 1 FROM "group_memberships" m WHERE m."group_id" = l."group_id" AND m."user_id" = l."user_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_locations" ADD CONSTRAINT "FK_1fc38892527a161a98dcc2baefe" FOREIGN KEY ("group_id", "user_id") REFERENCES "group_memberships"("group_id","user_id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_locations" DROP CONSTRAINT "FK_1fc38892527a161a98dcc2baefe"`);
  }
}
