import 'reflect-metadata';
import { migrateServiceDatabase, runMain } from '@sopwright/server-kit';
import { loadAuthConfig } from './config';
import { AUTH_SCHEMA, createAuthDataSource } from './database/data-source';

/** `npm run migrate`: the only way the auth schema changes (a Helm pre-upgrade job runs it too). */
runMain(async () => {
  const config = loadAuthConfig();
  const applied = await migrateServiceDatabase(createAuthDataSource(config.DATABASE_URL), AUTH_SCHEMA);
  console.log(JSON.stringify({ service: 'auth', migrationsApplied: applied }));
});
