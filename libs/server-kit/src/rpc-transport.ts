import type { CustomStrategy } from '@nestjs/microservices';
import { RedisStreamsClient, redisStreamsStrategy } from '@sopwright/rpc-streams';
import { RpcClient } from './rpc';
import { observeRpcServer } from './rpc-metrics';

/**
 * The services' transport: request/response over Redis Streams consumer groups, so every
 * service runs any number of replicas, each request runs on one of them and is answered
 * once, and a dead replica's requests are taken over (see libs/rpc-streams).
 */
export function rpcServerStrategy(redisUrl: string): CustomStrategy {
  // Every request handled is counted and timed (sopwright_rpc_server_duration_seconds).
  return redisStreamsStrategy(redisUrl, { onHandled: observeRpcServer });
}

/** A typed client for the services; requests carry `timeoutMs` as their deadline. */
export function createRpcClient(redisUrl: string, timeoutMs = 15_000): RpcClient {
  return new RpcClient(new RedisStreamsClient({ url: redisUrl, timeoutMs }), timeoutMs);
}

/** What a handler learns about its request (`@Ctx() context: RpcContext`): its id, the same on every delivery, and how often it was delivered. */
export { RedisStreamsContext as RpcContext } from '@sopwright/rpc-streams';
