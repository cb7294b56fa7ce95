import type { MigrationInterface, QueryRunner } from "typeorm";

/** The language a person chose for Caravan's texts, kept with the account so that it follows them to every device. */
export class UserLanguage1795450000000 implements MigrationInterface {
  name = "UserLanguage1795450000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "language" character varying(10)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "language"`);
  }
}
