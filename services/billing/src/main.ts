import './tracing';
import { runMain, startMicroservice } from '@sopwright/server-kit';
import { AppModule } from './app.module';
import { loadBillingConfig } from './config';
import { createBillingDataSource } from './database/data-source';

runMain(async () => {
  const config = loadBillingConfig();
  await startMicroservice({
    name: 'billing',
    config,
    dataSource: createBillingDataSource(config.DATABASE_URL),
    module: (dataSource) => AppModule.register(dataSource, config),
  });
});
