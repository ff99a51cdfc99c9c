import type { CustomClientOptions, CustomStrategy } from '@nestjs/microservices';
import { RedisStreamsClient, type RedisStreamsClientOptions } from './client';
import { RedisStreamsServer, type RedisStreamsServerOptions } from './server';

/**
 * Microservice options for `NestFactory.createMicroservice(module, { ...redisStreamsStrategy(url), logger })`,
 * in place of `{ transport: Transport.REDIS, options: { host, port } }`.
 */
export function redisStreamsStrategy(url: string, options: Omit<RedisStreamsServerOptions, 'url'> = {}): CustomStrategy {
  return { strategy: new RedisStreamsServer({ ...options, url }) };
}

/**
 * Client options for `ClientProxyFactory.create(redisStreamsClient(url))`, in place of
 * `ClientProxyFactory.create(redisTransport(url))`.
 */
export function redisStreamsClient(url: string, options: Omit<RedisStreamsClientOptions, 'url'> = {}): CustomClientOptions {
  return { customClass: RedisStreamsClient, options: { ...options, url } };
}
