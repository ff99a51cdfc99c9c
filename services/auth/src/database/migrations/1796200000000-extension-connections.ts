import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The capture extension's connections: short-lived single-use connect codes, and the tokens
 * they were traded for. Both are stored as SHA-256 hashes only: a copy of the database
 * connects nothing.
 */
export class ExtensionConnections1796200000000 implements MigrationInterface {
  name = 'ExtensionConnections1796200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE "auth"."extension_connect_codes" (
      "code_hash" text PRIMARY KEY,
      "user_id" uuid NOT NULL REFERENCES "auth"."users"("id") ON DELETE CASCADE,
      "expires_at" timestamptz NOT NULL,
      "used_at" timestamptz,
      "created_at" timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query('CREATE INDEX "extension_connect_codes_user_idx" ON "auth"."extension_connect_codes" ("user_id")');
    await runner.query(`CREATE TABLE "auth"."extension_connections" (
      "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      "user_id" uuid NOT NULL REFERENCES "auth"."users"("id") ON DELETE CASCADE,
      "name" text NOT NULL,
      "token_hash" text NOT NULL UNIQUE,
      "created_at" timestamptz NOT NULL DEFAULT now(),
      "last_used_at" timestamptz,
      "revoked_at" timestamptz
    )`);
    await runner.query('CREATE INDEX "extension_connections_user_idx" ON "auth"."extension_connections" ("user_id")');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE "auth"."extension_connections"');
    await runner.query('DROP TABLE "auth"."extension_connect_codes"');
  }
}
