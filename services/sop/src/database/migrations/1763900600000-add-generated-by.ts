import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Generated SOPs say which structurer drafted them, so an offline draft is labelled as one. */
export class AddGeneratedBy1763900600000 implements MigrationInterface {
  name = 'AddGeneratedBy1763900600000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "sop"."sops" ADD COLUMN "generated_by" jsonb');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "sop"."sops" DROP COLUMN "generated_by"');
  }
}
