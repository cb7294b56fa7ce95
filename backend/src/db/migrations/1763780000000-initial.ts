import type { MigrationInterface, QueryRunner } from "typeorm";

/** The whole schema of docs/product.md §3. Generated from the entities, then reviewed; schema.int.test.ts keeps them equal. */
export class Initial1763780000000 implements MigrationInterface {
  name = "Initial1763780000000";

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "users" ("id" text NOT NULL, "email" character varying(254), "first_name" character varying(50), "last_name" character varying(50), "profile_image_url" text, "hashed_password" text, "provider" character varying(20), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a3ffb1c0c8416b9fc6f907b7433" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "users_email_key" ON "users"  ("email")`);
    await queryRunner.query(
      `CREATE TABLE "groups" ("id" SERIAL NOT NULL, "name" character varying(255) NOT NULL, "description" text, "cover_image_url" text, "owner_id" text NOT NULL, "status" character varying(50) NOT NULL DEFAULT 'planning', "start_date" TIMESTAMP WITH TIME ZONE, "end_date" TIMESTAMP WITH TIME ZONE, "destination_name" character varying(500), "destination_address" text, "destination_latitude" real, "destination_longitude" real, "destination_place_id" character varying(255), "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_659d1483316afb28afd3a90646e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "groups_owner_id_idx" ON "groups"  ("owner_id")`);
    await queryRunner.query(
      `CREATE TABLE "group_checklists" ("id" SERIAL NOT NULL, "group_id" integer NOT NULL, "title" character varying(255) NOT NULL, "description" text, "created_by" text, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_70228562f50645b6c148f1c07e6" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "group_checklists_group_id_idx" ON "group_checklists"  ("group_id")`);
    await queryRunner.query(
      `CREATE TABLE "checklist_items" ("id" SERIAL NOT NULL, "checklist_id" integer NOT NULL, "text" text NOT NULL, "completed" boolean NOT NULL DEFAULT false, "completed_by" text, "completed_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bae00945a1d4789bd648e583e29" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "checklist_items_checklist_id_idx" ON "checklist_items"  ("checklist_id")`);
    await queryRunner.query(
      `CREATE TABLE "group_invites" ("id" SERIAL NOT NULL, "group_id" integer NOT NULL, "inviter_user_id" text NOT NULL, "email" character varying(254), "invite_token" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ca736add48a2a0f2f7950e4ac9b" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "group_invites_group_id_idx" ON "group_invites"  ("group_id")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "group_invites_invite_token_key" ON "group_invites"  ("invite_token")`,
    );
    await queryRunner.query(
      `CREATE TABLE "group_memberships" ("id" SERIAL NOT NULL, "group_id" integer NOT NULL, "user_id" text NOT NULL, "role" character varying(20) NOT NULL DEFAULT 'member', "joined_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4a04ebe9f25ad41f45b2c0ca4b5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "group_memberships_user_id_idx" ON "group_memberships"  ("user_id")`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "group_memberships_group_user_key" ON "group_memberships"  ("group_id", "user_id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "group_messages" ("id" SERIAL NOT NULL, "group_id" integer NOT NULL, "user_id" text NOT NULL, "content" text NOT NULL, "message_type" character varying(20) NOT NULL DEFAULT 'text', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f4b396868f303fa38023b61d742" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "group_messages_created_at_idx" ON "group_messages"  ("created_at")`);
    await queryRunner.query(`CREATE INDEX "group_messages_group_id_id_idx" ON "group_messages"  ("group_id", "id")`);
    await queryRunner.query(
      `CREATE TABLE "sessions" ("sid" character varying(128) NOT NULL, "sess" json NOT NULL, "expire" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_e2d6172ca19b8ebef797c362b05" PRIMARY KEY ("sid"))`,
    );
    await queryRunner.query(`CREATE INDEX "sessions_expire_idx" ON "sessions"  ("expire")`);
    await queryRunner.query(
      `CREATE TABLE "shared_trips" ("id" SERIAL NOT NULL, "sharer_id" text NOT NULL, "share_token" character varying(64) NOT NULL, "duration_hours" integer NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "is_active" boolean NOT NULL DEFAULT true, "stopped_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3404e690901ccc4b5f00ab24dc7" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "shared_trips_sharer_id_idx" ON "shared_trips"  ("sharer_id")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "shared_trips_share_token_key" ON "shared_trips"  ("share_token")`);
    await queryRunner.query(`CREATE INDEX "shared_trips_expires_at_idx" ON "shared_trips"  ("expires_at")`);
    await queryRunner.query(
      `CREATE TABLE "shared_trip_locations" ("id" SERIAL NOT NULL, "shared_trip_id" integer NOT NULL, "latitude" real NOT NULL, "longitude" real NOT NULL, "address" text, "notes" text, "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b5011d8b3c257781959dc37fa16" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "shared_trip_locations_trip_id_idx" ON "shared_trip_locations"  ("shared_trip_id", "id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "shared_trip_messages" ("id" SERIAL NOT NULL, "shared_trip_id" integer NOT NULL, "user_id" text NOT NULL, "content" text NOT NULL, "message_type" character varying(20) NOT NULL DEFAULT 'text', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e7cfbc73c4d0f8c50c58d69e1e2" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "shared_trip_messages_trip_id_idx" ON "shared_trip_messages"  ("shared_trip_id", "id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "trip_proposals" ("id" SERIAL NOT NULL, "group_id" integer NOT NULL, "proposed_by" text NOT NULL, "destination_name" character varying(500) NOT NULL, "destination_address" text, "destination_latitude" real, "destination_longitude" real, "destination_place_id" character varying(255), "start_date" TIMESTAMP WITH TIME ZONE, "end_date" TIMESTAMP WITH TIME ZONE, "duration_hours" integer, "status" character varying(20) NOT NULL DEFAULT 'proposed', "votes" integer NOT NULL DEFAULT '0', "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b7efcb3fad1f34a066d0eac645a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "trip_proposals_group_id_idx" ON "trip_proposals"  ("group_id")`);
    await queryRunner.query(
      `CREATE TABLE "trip_proposal_votes" ("id" SERIAL NOT NULL, "proposal_id" integer NOT NULL, "user_id" text NOT NULL, "vote" character varying(10) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e836fba3175a797fd4b39808605" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "trip_proposal_votes_proposal_user_key" ON "trip_proposal_votes"  ("proposal_id", "user_id")`,
    );
    await queryRunner.query(
      `CREATE TABLE "user_locations" ("id" SERIAL NOT NULL, "user_id" text NOT NULL, "group_id" integer NOT NULL, "latitude" real NOT NULL, "longitude" real NOT NULL, "address" text, "notes" text, "is_active" boolean NOT NULL DEFAULT true, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_4afd5dae13173e88183db3cd210" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "user_locations_group_user_key" ON "user_locations"  ("group_id", "user_id")`,
    );
    await queryRunner.query(
      `ALTER TABLE "groups" ADD CONSTRAINT "FK_5d7af25843377def343ab0beaa8" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "group_checklists" ADD CONSTRAINT "FK_50531bdccba9a70128d3473423d" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "group_checklists" ADD CONSTRAINT "FK_a4832bd15e9dc399f4a1d469eab" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "checklist_items" ADD CONSTRAINT "FK_d98db409c26c6ed1a6d20c1bb0c" FOREIGN KEY ("checklist_id") REFERENCES "group_checklists"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "checklist_items" ADD CONSTRAINT "FK_813690418f4ef6857e3141e7268" FOREIGN KEY ("completed_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "group_invites" ADD CONSTRAINT "FK_74273612fc6076c533f12b9e6ba" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "group_invites" ADD CONSTRAINT "FK_acc83f3924b3f84afb879a67aa1" FOREIGN KEY ("inviter_user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "group_memberships" ADD CONSTRAINT "FK_cad344fe877fcee0ac7e065ed05" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "group_memberships" ADD CONSTRAINT "FK_e232a617b3bc2de2e13c0289d62" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "group_messages" ADD CONSTRAINT "FK_be264b91ac62d3b00c01212f565" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "group_messages" ADD CONSTRAINT "FK_f9f8ff649a68725182d1512e2ee" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shared_trips" ADD CONSTRAINT "FK_c3e82bdf611acf4d7f69d58a151" FOREIGN KEY ("sharer_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shared_trip_locations" ADD CONSTRAINT "FK_337716eedb068cd94feff204055" FOREIGN KEY ("shared_trip_id") REFERENCES "shared_trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shared_trip_messages" ADD CONSTRAINT "FK_18938ffbb30108dd9629afa7345" FOREIGN KEY ("shared_trip_id") REFERENCES "shared_trips"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "shared_trip_messages" ADD CONSTRAINT "FK_380c1066533c0ed44dce73b11df" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_proposals" ADD CONSTRAINT "FK_def29ce21d7c98488c2d8b1c50d" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_proposals" ADD CONSTRAINT "FK_ae666f1ef70360d01772cc0cdc0" FOREIGN KEY ("proposed_by") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_proposal_votes" ADD CONSTRAINT "FK_f9442112f0a854be4e829c28968" FOREIGN KEY ("proposal_id") REFERENCES "trip_proposals"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "trip_proposal_votes" ADD CONSTRAINT "FK_af69431adb561e6667b3ff3f454" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_locations" ADD CONSTRAINT "FK_437edca703095b237b5bdb35e22" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "user_locations" ADD CONSTRAINT "FK_6c792861419b55f8a2ff7b931ba" FOREIGN KEY ("group_id") REFERENCES "groups"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_locations" DROP CONSTRAINT "FK_6c792861419b55f8a2ff7b931ba"`);
    await queryRunner.query(`ALTER TABLE "user_locations" DROP CONSTRAINT "FK_437edca703095b237b5bdb35e22"`);
    await queryRunner.query(`ALTER TABLE "trip_proposal_votes" DROP CONSTRAINT "FK_af69431adb561e6667b3ff3f454"`);
    await queryRunner.query(`ALTER TABLE "trip_proposal_votes" DROP CONSTRAINT "FK_f9442112f0a854be4e829c28968"`);
    await queryRunner.query(`ALTER TABLE "trip_proposals" DROP CONSTRAINT "FK_ae666f1ef70360d01772cc0cdc0"`);
    await queryRunner.query(`ALTER TABLE "trip_proposals" DROP CONSTRAINT "FK_def29ce21d7c98488c2d8b1c50d"`);
    await queryRunner.query(`ALTER TABLE "shared_trip_messages" DROP CONSTRAINT "FK_380c1066533c0ed44dce73b11df"`);
    await queryRunner.query(`ALTER TABLE "shared_trip_messages" DROP CONSTRAINT "FK_18938ffbb30108dd9629afa7345"`);
    await queryRunner.query(`ALTER TABLE "shared_trip_locations" DROP CONSTRAINT "FK_337716eedb068cd94feff204055"`);
    await queryRunner.query(`ALTER TABLE "shared_trips" DROP CONSTRAINT "FK_c3e82bdf611acf4d7f69d58a151"`);
    await queryRunner.query(`ALTER TABLE "group_messages" DROP CONSTRAINT "FK_f9f8ff649a68725182d1512e2ee"`);
    await queryRunner.query(`ALTER TABLE "group_messages" DROP CONSTRAINT "FK_be264b91ac62d3b00c01212f565"`);
    await queryRunner.query(`ALTER TABLE "group_memberships" DROP CONSTRAINT "FK_e232a617b3bc2de2e13c0289d62"`);
    await queryRunner.query(`ALTER TABLE "group_memberships" DROP CONSTRAINT "FK_cad344fe877fcee0ac7e065ed05"`);
    await queryRunner.query(`ALTER TABLE "group_invites" DROP CONSTRAINT "FK_acc83f3924b3f84afb879a67aa1"`);
    await queryRunner.query(`ALTER TABLE "group_invites" DROP CONSTRAINT "FK_74273612fc6076c533f12b9e6ba"`);
    await queryRunner.query(`ALTER TABLE "checklist_items" DROP CONSTRAINT "FK_813690418f4ef6857e3141e7268"`);
    await queryRunner.query(`ALTER TABLE "checklist_items" DROP CONSTRAINT "FK_d98db409c26c6ed1a6d20c1bb0c"`);
    await queryRunner.query(`ALTER TABLE "group_checklists" DROP CONSTRAINT "FK_a4832bd15e9dc399f4a1d469eab"`);
    await queryRunner.query(`ALTER TABLE "group_checklists" DROP CONSTRAINT "FK_50531bdccba9a70128d3473423d"`);
    await queryRunner.query(`ALTER TABLE "groups" DROP CONSTRAINT "FK_5d7af25843377def343ab0beaa8"`);
    await queryRunner.query(`DROP INDEX "public"."user_locations_group_user_key"`);
    await queryRunner.query(`DROP TABLE "user_locations"`);
    await queryRunner.query(`DROP INDEX "public"."trip_proposal_votes_proposal_user_key"`);
    await queryRunner.query(`DROP TABLE "trip_proposal_votes"`);
    await queryRunner.query(`DROP INDEX "public"."trip_proposals_group_id_idx"`);
    await queryRunner.query(`DROP TABLE "trip_proposals"`);
    await queryRunner.query(`DROP INDEX "public"."shared_trip_messages_trip_id_idx"`);
    await queryRunner.query(`DROP TABLE "shared_trip_messages"`);
    await queryRunner.query(`DROP INDEX "public"."shared_trip_locations_trip_id_idx"`);
    await queryRunner.query(`DROP TABLE "shared_trip_locations"`);
    await queryRunner.query(`DROP INDEX "public"."shared_trips_expires_at_idx"`);
    await queryRunner.query(`DROP INDEX "public"."shared_trips_share_token_key"`);
    await queryRunner.query(`DROP INDEX "public"."shared_trips_sharer_id_idx"`);
    await queryRunner.query(`DROP TABLE "shared_trips"`);
    await queryRunner.query(`DROP INDEX "public"."sessions_expire_idx"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP INDEX "public"."group_messages_group_id_id_idx"`);
    await queryRunner.query(`DROP INDEX "public"."group_messages_created_at_idx"`);
    await queryRunner.query(`DROP TABLE "group_messages"`);
    await queryRunner.query(`DROP INDEX "public"."group_memberships_group_user_key"`);
    await queryRunner.query(`DROP INDEX "public"."group_memberships_user_id_idx"`);
    await queryRunner.query(`DROP TABLE "group_memberships"`);
    await queryRunner.query(`DROP INDEX "public"."group_invites_invite_token_key"`);
    await queryRunner.query(`DROP INDEX "public"."group_invites_group_id_idx"`);
    await queryRunner.query(`DROP TABLE "group_invites"`);
    await queryRunner.query(`DROP INDEX "public"."checklist_items_checklist_id_idx"`);
    await queryRunner.query(`DROP TABLE "checklist_items"`);
    await queryRunner.query(`DROP INDEX "public"."group_checklists_group_id_idx"`);
    await queryRunner.query(`DROP TABLE "group_checklists"`);
    await queryRunner.query(`DROP INDEX "public"."groups_owner_id_idx"`);
    await queryRunner.query(`DROP TABLE "groups"`);
    await queryRunner.query(`DROP INDEX "public"."users_email_key"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
