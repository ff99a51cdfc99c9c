import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What teams do with SOPs: review status and approval on the SOP, share links (token hash
 * only), assignments and read acknowledgements per version, and the workspace's activity
 * log. SOPs that exist are drafts with no owner person, as they were.
 */
export class TeamSops1796400000000 implements MigrationInterface {
  name = 'TeamSops1796400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE "sop"."sops"
      ADD COLUMN "status" text NOT NULL DEFAULT 'draft' CHECK ("status" IN ('draft', 'in_review', 'approved')),
      ADD COLUMN "owner_user_id" uuid,
      ADD COLUMN "approver_id" uuid,
      ADD COLUMN "approved_version" integer,
      ADD COLUMN "approved_by" uuid,
      ADD COLUMN "approved_at" timestamptz,
      ADD COLUMN "review_interval_months" integer CHECK ("review_interval_months" BETWEEN 1 AND 60)`);
    await runner.query(`CREATE TABLE "sop"."sop_share_links" (
      "id" uuid PRIMARY KEY,
      "sop_id" uuid NOT NULL REFERENCES "sop"."sops"("id") ON DELETE CASCADE,
      "token_hash" text NOT NULL UNIQUE,
      "created_by" uuid,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "expires_at" timestamptz,
      "revoked_at" timestamptz
    )`);
    await runner.query('CREATE INDEX "sop_share_links_sop_idx" ON "sop"."sop_share_links" ("sop_id")');
    await runner.query(`CREATE TABLE "sop"."sop_assignments" (
      "sop_id" uuid NOT NULL REFERENCES "sop"."sops"("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "assigned_by" uuid,
      "assigned_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("sop_id", "user_id")
    )`);
    await runner.query('CREATE INDEX "sop_assignments_user_idx" ON "sop"."sop_assignments" ("user_id")');
    await runner.query(`CREATE TABLE "sop"."sop_acknowledgements" (
      "sop_id" uuid NOT NULL REFERENCES "sop"."sops"("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL,
      "version" integer NOT NULL,
      "acknowledged_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("sop_id", "user_id", "version")
    )`);
    await runner.query(`CREATE TABLE "sop"."activity" (
      "id" bigserial PRIMARY KEY,
      "owner_id" uuid NOT NULL,
      "actor_id" uuid,
      "action" text NOT NULL,
      "sop_id" uuid,
      "detail" jsonb NOT NULL DEFAULT '{}',
      "key" text UNIQUE,
      "at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query('CREATE INDEX "activity_owner_at_idx" ON "sop"."activity" ("owner_id", "at" DESC)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "sop"."activity"');
    await runner.query('DROP TABLE "sop"."sop_acknowledgements"');
    await runner.query('DROP TABLE "sop"."sop_assignments"');
    await runner.query('DROP TABLE "sop"."sop_share_links"');
    await runner.query(`ALTER TABLE "sop"."sops" DROP COLUMN "status", DROP COLUMN "owner_user_id", DROP COLUMN "approver_id", DROP COLUMN "approved_version",
      DROP COLUMN "approved_by", DROP COLUMN "approved_at", DROP COLUMN "review_interval_months"`);
  }
}
