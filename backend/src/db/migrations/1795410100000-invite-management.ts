import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * Invite management: how many joined through each invite (e-mail invites already used count one; earlier uses of
 * links were not recorded), and the members an owner removed (group_removals).
 */
export class InviteManagement1795410100000 implements MigrationInterface {
  name = "InviteManagement1795410100000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "group_removals" ("group_id" integer NOT NULL, "user_id" text NOT NULL, "removed_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_07b4ca86ae4f64cb21f12afec08" PRIMARY KEY ("group_id", "user_id"))`,
    );
    await queryRunner.query(`ALTER TABLE "group_invites" ADD "use_count" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`UPDATE "group_invites" SET "use_count" = 1 WHERE "used_at" IS NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "group_removals" ADD CONSTRAINT "FK_c8e7352651f74d17b251b857ffc" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "group_removals" ADD CONSTRAINT "FK_a15819ea48c379397d3cac1d26e" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "group_removals" DROP CONSTRAINT "FK_a15819ea48c379397d3cac1d26e"`);
    await queryRunner.query(`ALTER TABLE "group_removals" DROP CONSTRAINT "FK_c8e7352651f74d17b251b857ffc"`);
    await queryRunner.query(`ALTER TABLE "group_invites" DROP COLUMN "use_count"`);
    await queryRunner.query(`DROP TABLE "group_removals"`);
  }
}
