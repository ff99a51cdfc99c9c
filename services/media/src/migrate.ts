import 'reflect-metadata';
import { migrateServiceDatabase, runMain } from '@sopwright/server-kit';
import { loadMediaConfig } from './config';
import { MEDIA_SCHEMA, createMediaDataSource } from './database/data-source';

/** `npm run migrate`: the only way the media schema changes (a Helm pre-upgrade job runs it too). */
runMain(async () => {
  const config = loadMediaConfig();
  const applied = await migrateServiceDatabase(createMediaDataSource(config.DATABASE_URL), MEDIA_SCHEMA);
  console.log(JSON.stringify({ service: 'media', migrationsApplied: applied }));
});
