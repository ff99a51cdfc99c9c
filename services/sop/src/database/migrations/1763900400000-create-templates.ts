import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTemplates1763900400000 implements MigrationInterface {
  name = 'CreateTemplates1763900400000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE "sop"."templates" (
        "id" text PRIMARY KEY,
        "title" text NOT NULL,
        "category" text NOT NULL,
        "steps" jsonb NOT NULL,
        "checksum" text NOT NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "sop"."templates"');
  }
}
