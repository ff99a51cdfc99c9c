import './tracing';
import { runMain, startMicroservice } from '@sopwright/server-kit';
import { AppModule } from './app.module';
import { loadAuthConfig } from './config';
import { createAuthDataSource } from './database/data-source';

runMain(async () => {
  const config = loadAuthConfig();
  await startMicroservice({
    name: 'auth',
    config,
    dataSource: createAuthDataSource(config.DATABASE_URL),
    module: (dataSource) => AppModule.register(config, dataSource),
  });
});
