import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Team workspaces, their members with a role, and invitations (token stored as a SHA-256
 * hash only). Personal workspaces have no rows: a user's personal workspace is their own id,
 * which is what every SOP and image made before workspaces is owned by, so nothing moves.
 */
export class Workspaces1796300000000 implements MigrationInterface {
  name = 'Workspaces1796300000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "auth"."workspaces" (
      "id" uuid PRIMARY KEY,
      "name" text NOT NULL,
      "created_by" uuid REFERENCES "auth"."users"("id") ON DELETE SET NULL,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(`CREATE TABLE "auth"."workspace_members" (
      "workspace_id" uuid NOT NULL REFERENCES "auth"."workspaces"("id") ON DELETE CASCADE,
      "user_id" uuid NOT NULL REFERENCES "auth"."users"("id") ON DELETE CASCADE,
      "role" text NOT NULL CHECK ("role" IN ('owner', 'admin', 'editor', 'viewer')),
      "created_at" timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY ("workspace_id", "user_id")
    )`);
    await runner.query('CREATE INDEX "workspace_members_user_idx" ON "auth"."workspace_members" ("user_id")');
    await runner.query(`CREATE TABLE "auth"."workspace_invitations" (
      "id" uuid PRIMARY KEY,
      "workspace_id" uuid NOT NULL REFERENCES "auth"."workspaces"("id") ON DELETE CASCADE,
      "email" text NOT NULL,
      "role" text NOT NULL CHECK ("role" IN ('admin', 'editor', 'viewer')),
      "token_hash" text NOT NULL UNIQUE,
      "invited_by" uuid REFERENCES "auth"."users"("id") ON DELETE SET NULL,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "expires_at" timestamptz NOT NULL,
      "accepted_at" timestamptz,
      "accepted_by" uuid REFERENCES "auth"."users"("id") ON DELETE SET NULL,
      "revoked_at" timestamptz
    )`);
    await runner.query('CREATE INDEX "workspace_invitations_workspace_idx" ON "auth"."workspace_invitations" ("workspace_id")');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "auth"."workspace_invitations"');
    await runner.query('DROP TABLE "auth"."workspace_members"');
    await runner.query('DROP TABLE "auth"."workspaces"');
  }
}
