import type { MigrationInterface, QueryRunner } from "typeorm";

/** Upload URLs for cover images, in the database so that every node can accept the PUT (ObjectUpload). */
export class ObjectUploads1795319482491 implements MigrationInterface {
  name = "ObjectUploads1795319482491";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "object_uploads" ("id" SERIAL NOT NULL, "token_hash" character varying(64) NOT NULL, "user_id" text NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "object_key" character varying(255), "content_type" character varying(50), "size_bytes" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_48a86b8eb8d3a47a055a46fc703" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "object_uploads_token_hash_key" ON "object_uploads"  ("token_hash") `);
    await queryRunner.query(`CREATE INDEX "object_uploads_user_id_idx" ON "object_uploads"  ("user_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "object_uploads_object_key_key" ON "object_uploads"  ("object_key") `);
    await queryRunner.query(
      `ALTER TABLE "object_uploads" ADD CONSTRAINT "FK_2407ab2c235d7e756114be1292f" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "object_uploads" DROP CONSTRAINT "FK_2407ab2c235d7e756114be1292f"`);
    await queryRunner.query(`DROP INDEX "public"."object_uploads_object_key_key"`);
    await queryRunner.query(`DROP INDEX "public"."object_uploads_user_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."object_uploads_token_hash_key"`);
    await queryRunner.query(`DROP TABLE "object_uploads"`);
  }
}
