import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Lets a retried generation find the SOP its earlier attempt already saved. */
export class AddCreationKey1763900500000 implements MigrationInterface {
  name = 'AddCreationKey1763900500000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "sop"."sops" ADD COLUMN "creation_key" text');
    await runner.query('CREATE UNIQUE INDEX "sops_owner_creation_key" ON "sop"."sops" ("owner_id", "creation_key") WHERE "creation_key" IS NOT NULL');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX "sop"."sops_owner_creation_key"');
    await runner.query('ALTER TABLE "sop"."sops" DROP COLUMN "creation_key"');
  }
}
