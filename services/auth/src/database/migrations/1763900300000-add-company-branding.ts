import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AddCompanyBranding1763900300000 implements MigrationInterface {
  name = 'AddCompanyBranding1763900300000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "auth"."users" ADD COLUMN "company_name" text, ADD COLUMN "company_logo_url" text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE "auth"."users" DROP COLUMN "company_logo_url", DROP COLUMN "company_name"');
  }
}
