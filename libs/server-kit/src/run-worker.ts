import type { JobDefinition, JobPayload } from '@sopwright/contracts';
import { Worker, type Job, type WorkerOptions } from 'bullmq';
import Redis from 'ioredis';
import type { z } from 'zod';
import { startHealthServer, type HealthCheck } from './health';
import type { ConsoleLogger } from '@nestjs/common';

export interface WorkerSettings<J extends JobDefinition<z.ZodType>> {
  job: J;
  redisUrl: string;
  logger: ConsoleLogger;
  /** Runs one job; its payload is validated against the contract first. */
  process: (payload: JobPayload<J>, job: Job) => Promise<unknown>;
  options?: Omit<WorkerOptions, 'connection'>;
  healthPort?: number;
  /** Readiness checks besides Redis (Chromium, …). */
  checks?: Record<string, HealthCheck>;
  /** Closed after the worker has finished its jobs, before the connection goes. */
  onShutdown?: () => Promise<unknown>;
}

/**
 * A BullMQ worker process the same way everywhere: its own Redis connection, payloads
 * validated, readiness on HEALTH_PORT (Redis answers, plus the worker's own checks), and on
 * SIGTERM/SIGINT the running jobs finish before everything closes.
 */
export async function runWorker<J extends JobDefinition<z.ZodType>>(settings: WorkerSettings<J>): Promise<Worker> {
  const { job: definition, logger } = settings;
  const connection = new Redis(settings.redisUrl, { maxRetriesPerRequest: null });
  const worker = new Worker(definition.queue, async (job) => settings.process(definition.payload.parse(job.data) as JobPayload<J>, job), {
    ...settings.options,
    connection,
  });
  worker.on('error', (error) => logger.error(`worker error: ${error.message}`));

  if (settings.healthPort !== undefined) {
    await startHealthServer(settings.healthPort, { redis: async () => void (await connection.ping()), ...settings.checks });
  }
  const shutdown = async () => {
    await worker.close();
    await settings.onShutdown?.();
    connection.disconnect();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  return worker;
}
