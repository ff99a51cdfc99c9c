import 'reflect-metadata';
import { migrateServiceDatabase, runMain } from '@sopwright/server-kit';
import { loadSopConfig } from './config';
import { SOP_SCHEMA, createSopDataSource } from './database/data-source';

/** `npm run migrate`: the only way the sop schema changes (a Helm pre-upgrade job runs it too). */
runMain(async () => {
  const config = loadSopConfig();
  const applied = await migrateServiceDatabase(createSopDataSource(config.DATABASE_URL), SOP_SCHEMA);
  console.log(JSON.stringify({ service: 'sop', migrationsApplied: applied }));
});
