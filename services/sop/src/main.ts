import './tracing';
import { runMain, startMicroservice } from '@sopwright/server-kit';
import { AppModule } from './app.module';
import { loadSopConfig } from './config';
import { createSopDataSource } from './database/data-source';

runMain(async () => {
  const config = loadSopConfig();
  await startMicroservice({
    name: 'sop',
    config,
    dataSource: createSopDataSource(config.DATABASE_URL),
    module: (dataSource) => AppModule.register(dataSource),
  });
});
