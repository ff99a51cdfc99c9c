import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateSops1763900000000 implements MigrationInterface {
  name = 'CreateSops1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "sop"."sops" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid NOT NULL,
        "title" text NOT NULL,
        "source_type" text NOT NULL CHECK ("source_type" IN ('text', 'video')),
        "origin" text NOT NULL,
        "steps" jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof("steps") = 'array'),
        "transcript" text,
        "version" integer NOT NULL DEFAULT 1,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query('CREATE INDEX "sops_owner_created_idx" ON "sop"."sops" ("owner_id", "created_at")');
    await runner.query(`
      CREATE TABLE "sop"."sop_versions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "sop_id" uuid NOT NULL REFERENCES "sop"."sops" ("id") ON DELETE CASCADE,
        "version" integer NOT NULL,
        "title" text NOT NULL,
        "steps" jsonb NOT NULL,
        "saved_at" timestamptz NOT NULL
      )`);
    await runner.query('CREATE UNIQUE INDEX "sop_versions_sop_version_key" ON "sop"."sop_versions" ("sop_id", "version")');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "sop"."sop_versions"');
    await runner.query('DROP TABLE "sop"."sops"');
  }
}
