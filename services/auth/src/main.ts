import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { createLogger, redisTransport, RpcErrorFilter, rpcValidationPipe, startHealthServer } from '@sopwright/server-kit';
import Redis from 'ioredis';
import { AppModule } from './app.module';
import { loadAuthConfig } from './config';
import { createAuthDataSource } from './database/data-source';

async function bootstrap() {
  const config = loadAuthConfig();
  const logger = createLogger('auth', config.LOG_LEVEL);
  const dataSource = await createAuthDataSource(config.DATABASE_URL).initialize();

  const app = await NestFactory.createMicroservice<MicroserviceOptions>(AppModule.register(config, dataSource), {
    ...redisTransport(config.REDIS_URL),
    logger,
  });
  app.useGlobalPipes(rpcValidationPipe());
  app.useGlobalFilters(new RpcErrorFilter());
  app.enableShutdownHooks();
  await app.listen();

  if (config.HEALTH_PORT !== undefined) {
    const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await startHealthServer(config.HEALTH_PORT, {
      database: async () => void (await dataSource.query('SELECT 1')),
      redis: async () => void (await redis.ping()),
    });
  }
  logger.log('auth service listening on the Redis transport');
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
