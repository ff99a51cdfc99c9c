import './tracing';
import { createObjectStorage, runMain, startMicroservice } from '@sopwright/server-kit';
import { AppModule } from './app.module';
import { loadMediaConfig } from './config';
import { createMediaDataSource } from './database/data-source';

runMain(async () => {
  const config = loadMediaConfig();
  const storage = createObjectStorage(config);
  await storage.ensureBucket();
  await startMicroservice({
    name: 'media',
    config,
    dataSource: createMediaDataSource(config.DATABASE_URL),
    module: (dataSource) => AppModule.register(dataSource, storage, config),
  });
});
