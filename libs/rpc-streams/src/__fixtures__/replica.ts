/**
 * A replica for the fault tests, run as its own process (see support.ts): a Nest microservice
 * on RedisStreamsServer whose handlers record every execution in Redis.
 *
 *   exec:<service>  hash  request id → times a handler started on it
 *   done:<service>  hash  request id → times a handler finished it
 *   by:<service>    hash  replica name → executions
 */
import 'reflect-metadata';
import { Controller, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, MessagePattern, Payload, RpcException } from '@nestjs/microservices';
import { Redis } from 'ioredis';
import { throwError } from 'rxjs';
import { RedisStreamsContext } from '../context';
import { RedisStreamsServer } from '../server';

const env = (name: string, fallback?: string) => process.env[name] ?? fallback;
const service = env('SERVICE', 'fixture')!;
const replica = env('REPLICA', `replica-${process.pid}`)!;
const recorder = new Redis(env('REDIS_URL')!, { maxRetriesPerRequest: null });
recorder.on('error', () => undefined);

export interface WorkRequest {
  n: number;
  /** How long the handler works, ms. */
  ms?: number;
}

export interface WorkReply {
  n: number;
  replica: string;
  requestId: string;
  deliveries: number;
}

@Controller()
class WorkController {
  @MessagePattern(`${service}.work`)
  async work(@Payload() data: WorkRequest, @Ctx() context: RedisStreamsContext): Promise<WorkReply> {
    const requestId = context.getRequestId()!;
    await recorder.multi().hincrby(`exec:${service}`, requestId, 1).hincrby(`by:${service}`, replica, 1).exec();
    if (data.ms) await new Promise((resolve) => setTimeout(resolve, data.ms));
    await recorder.hincrby(`done:${service}`, requestId, 1);
    return { n: data.n, replica, requestId, deliveries: context.getDeliveryCount() };
  }

  @MessagePattern(`${service}.fail`)
  fail(@Payload() data: { error: unknown }) {
    return throwError(() => data.error);
  }

  @MessagePattern(`${service}.reject`)
  reject(@Payload() data: { error: object }) {
    throw new RpcException(data.error);
  }
}

@Module({ controllers: [WorkController] })
class ReplicaModule {}

async function main() {
  const app = await NestFactory.createMicroservice(ReplicaModule, {
    strategy: new RedisStreamsServer({
      url: env('REDIS_URL')!,
      consumerName: replica,
      claimIdleMs: Number(env('CLAIM_IDLE_MS', '3000')),
      heartbeatMs: Number(env('HEARTBEAT_MS', '1000')),
      blockMs: Number(env('BLOCK_MS', '2000')),
      concurrency: Number(env('CONCURRENCY', '32')),
    }),
    logger: ['error', 'warn'],
  });
  app.enableShutdownHooks();
  await app.listen();
  process.stdout.write('READY\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
