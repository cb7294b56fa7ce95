import type { MigrationInterface, QueryRunner } from "typeorm";

/**
 * users.email_verified_at. Accounts made by a provider, without a password, had their address vouched for by it;
 * every account with a password stays unproven, including those linked to a provider under the old rule, which kept
 * the password of whoever signed up first.
 */
export class EmailVerified1795410000000 implements MigrationInterface {
  name = "EmailVerified1795410000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" ADD "email_verified_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `UPDATE "users" SET "email_verified_at" = "created_at" WHERE "hashed_password" IS NULL AND "provider" <> 'local'`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "users" DROP COLUMN "email_verified_at"`);
  }
}
