import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A team workspace's own branding (a personal workspace keeps using its person's profile). */
export class WorkspaceBranding1796500000000 implements MigrationInterface {
  name = 'WorkspaceBranding1796500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "auth"."workspaces" ADD COLUMN "company_name" text, ADD COLUMN "company_logo_url" text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "auth"."workspaces" DROP COLUMN "company_logo_url", DROP COLUMN "company_name"');
  }
}
