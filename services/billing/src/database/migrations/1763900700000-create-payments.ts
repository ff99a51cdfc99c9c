import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePayments1763900700000 implements MigrationInterface {
  name = 'CreatePayments1763900700000';

  async up(runner: QueryRunner): Promise<void> {
    const product = `CHECK ("product" IN ('starter', 'pro-month', 'pro-year', 'pro-legacy'))`;
    await runner.query(`
      CREATE TABLE "billing"."subscriptions" (
        "id" text PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "billing"."accounts" ("user_id"),
        "provider" text NOT NULL CHECK ("provider" IN ('stripe', 'local')),
        "product" text NOT NULL ${product},
        "status" text NOT NULL,
        "current_period_end" timestamptz,
        "cancel_at_period_end" boolean NOT NULL DEFAULT false,
        "last_event_at" timestamptz NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX "subscriptions_user" ON "billing"."subscriptions" ("user_id")`);
    await runner.query(`
      CREATE TABLE "billing"."stripe_events" (
        "id" text PRIMARY KEY,
        "type" text NOT NULL,
        "processed_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE "billing"."stripe_customers" (
        "user_id" uuid PRIMARY KEY REFERENCES "billing"."accounts" ("user_id"),
        "customer_id" text NOT NULL UNIQUE,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`
      CREATE TABLE "billing"."local_checkouts" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "billing"."accounts" ("user_id"),
        "product" text NOT NULL ${product},
        "status" text NOT NULL DEFAULT 'open' CHECK ("status" IN ('open', 'completed')),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "completed_at" timestamptz
      )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['local_checkouts', 'stripe_customers', 'stripe_events', 'subscriptions']) {
      await runner.query(`DROP TABLE "billing"."${table}"`);
    }
  }
}
