import 'reflect-metadata';
import { migrateServiceDatabase, runMain } from '@sopwright/server-kit';
import { loadBillingConfig } from './config';
import { BILLING_SCHEMA, createBillingDataSource } from './database/data-source';

/** `npm run migrate`: the only way the billing schema changes (a Helm pre-upgrade job runs it too). */
runMain(async () => {
  const config = loadBillingConfig();
  const applied = await migrateServiceDatabase(createBillingDataSource(config.DATABASE_URL), BILLING_SCHEMA);
  console.log(JSON.stringify({ service: 'billing', migrationsApplied: applied }));
});
