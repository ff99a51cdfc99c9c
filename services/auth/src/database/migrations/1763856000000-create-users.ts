import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763856000000 implements MigrationInterface {
  name = 'CreateUsers1763856000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "auth"."users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" text NOT NULL,
        "password_hash" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "users_email_key" UNIQUE ("email")
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "auth"."users"');
  }
}
