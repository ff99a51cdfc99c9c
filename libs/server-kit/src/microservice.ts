import 'reflect-metadata';
import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import Redis from 'ioredis';
import type { DataSource } from 'typeorm';
import { startHealthServer } from './health';
import { createLogger } from './logger';
import { initMetrics } from './metrics';
import { rpcServerStrategy } from './rpc-transport';
import { RpcErrorFilter, rpcValidationPipe } from './rpc';

export interface MicroserviceSettings {
  name: string;
  config: { REDIS_URL: string; LOG_LEVEL: string; HEALTH_PORT?: number };
  module: (dataSource: DataSource) => DynamicModule;
  dataSource: DataSource;
}

/**
 * Starts a service on the Redis Streams transport the same way everywhere: payloads validated
 * against the contracts, errors reported by code, requests counted and timed, probes and
 * `/metrics` on HEALTH_PORT when set.
 */
export async function startMicroservice({ name, config, module, dataSource }: MicroserviceSettings): Promise<void> {
  const logger = createLogger(name, config.LOG_LEVEL);
  initMetrics(name);
  await dataSource.initialize();
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module(dataSource), {
    ...rpcServerStrategy(config.REDIS_URL),
    logger,
  });
  app.useGlobalPipes(rpcValidationPipe());
  app.useGlobalFilters(new RpcErrorFilter());
  // process.exit after closing: Nest's default re-raises the signal, which PID 1 in a container ignores.
  app.enableShutdownHooks([], { useProcessExit: true });
  await app.listen();

  if (config.HEALTH_PORT !== undefined) {
    const redis = new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on('error', () => undefined); // surfaced by the readiness probe instead
    await startHealthServer(config.HEALTH_PORT, {
      database: async () => void (await dataSource.query('SELECT 1')),
      redis: async () => void (await redis.ping()),
    });
  }
  logger.log(`${name} service listening on Redis Streams (rpc:req:${name})`);
}

/** Entry-point wrapper: a failed start prints one clear line and exits non-zero. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
