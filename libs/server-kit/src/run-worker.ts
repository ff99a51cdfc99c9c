import type { JobDefinition, JobPayload } from '@sopwright/contracts';
import { Queue, Worker, type Job, type WorkerOptions } from 'bullmq';
import Redis from 'ioredis';
import type { z } from 'zod';
import { startHealthServer, type HealthCheck } from './health';
import { instrumentProcessor, instrumentWorker, unwatchQueue, watchQueue } from './job-metrics';
import { initMetrics } from './metrics';
import { flushTracing, queueTelemetry } from './tracing';
import type { ConsoleLogger } from '@nestjs/common';

export interface WorkerSettings<J extends JobDefinition<z.ZodType>> {
  /** The service, as its metrics' `service` label. */
  name: string;
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
 * validated, readiness and metrics on HEALTH_PORT (Redis answers, plus the worker's own
 * checks; jobs timed, the queue's depth sampled at each scrape), and on SIGTERM/SIGINT the
 * running jobs finish before everything closes.
 */
export async function runWorker<J extends JobDefinition<z.ZodType>>(settings: WorkerSettings<J>): Promise<Worker> {
  const { job: definition, logger } = settings;
  initMetrics(settings.name);
  const connection = new Redis(settings.redisUrl, { maxRetriesPerRequest: null });
  const processor = instrumentProcessor(definition.queue, async (job: Job) => settings.process(definition.payload.parse(job.data) as JobPayload<J>, job));
  const worker = new Worker(definition.queue, processor, {
    ...settings.options,
    connection,
    // The job's trace goes on in this worker: the processor runs in the producer's trace.
    telemetry: queueTelemetry(),
  });
  worker.on('error', (error) => logger.error(`worker error: ${error.message}`));
  instrumentWorker(worker);
  // For the depth gauges only; it shares the worker's (non-blocking) connection.
  const queue = new Queue(definition.queue, { connection });
  watchQueue(queue);

  if (settings.healthPort !== undefined) {
    await startHealthServer(settings.healthPort, { redis: async () => void (await connection.ping()), ...settings.checks });
  }
  const shutdown = async () => {
    await worker.close();
    unwatchQueue(queue);
    await queue.close();
    await settings.onShutdown?.();
    connection.disconnect();
    await flushTracing();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  return worker;
}
