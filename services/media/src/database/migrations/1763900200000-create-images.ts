import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateImages1763900200000 implements MigrationInterface {
  name = 'CreateImages1763900200000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "media"."images" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid NOT NULL,
        "purpose" text NOT NULL CHECK ("purpose" IN ('step-image', 'logo')),
        "object_key" text NOT NULL UNIQUE,
        "content_type" text NOT NULL,
        "byte_size" integer NOT NULL CHECK ("byte_size" >= 0),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX "images_owner_idx" ON "media"."images" ("owner_id")');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "media"."images"');
  }
}
