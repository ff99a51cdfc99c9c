import type { JobDefinition, JobPayload } from '@sopwright/contracts';
import { Job, Queue, QueueEvents, type JobsOptions } from 'bullmq';
import Redis from 'ioredis';
import type { z } from 'zod';
import { isConnectionFault, withDeadline } from './faults';
import { unwatchQueue, watchQueue } from './job-metrics';
import { ServiceError } from './rpc';
import { queueTelemetry } from './tracing';

/** Redis answers in milliseconds; while it is away ioredis would queue commands for ever. */
const queueDeadlineMs = 5000;

/** A job that ended without a result; `message` is the worker's final error, worded for users. */
export class JobFailedError extends Error {}
/** Waiting ran out; the job may still finish. */
export class JobTimeoutError extends Error {}

/**
 * The producer side of a BullMQ queue for callers that wait for the answer (the gateway
 * holding an HTTP request): enqueue, find a job again by id, and wait for whichever worker
 * takes it. Payloads are validated on the way in and results on the way out; Redis being
 * away is UNAVAILABLE within seconds, never a hang.
 */
export class JobQueue<J extends JobDefinition<z.ZodType>, R extends z.ZodType> {
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  /** BullMQ never closes connections it was given: close() does. */
  private readonly connections: Redis[];

  constructor(
    private readonly job: J,
    private readonly result: R,
    redisUrl: string,
  ) {
    this.connections = [new Redis(redisUrl, { maxRetriesPerRequest: null }), new Redis(redisUrl, { maxRetriesPerRequest: null })];
    this.queue = new Queue(job.queue, { connection: this.connections[0]!, telemetry: queueTelemetry() });
    this.events = new QueueEvents(job.queue, { connection: this.connections[1]! });
    // Its depth is in this process's metrics too: the gateway sees queues whose workers are scaled to zero.
    watchQueue(this.queue);
  }

  /** Adds the job (with a `jobId` already known, that job is returned instead: BullMQ never adds an id twice). */
  add(payload: JobPayload<J>, options: JobsOptions = {}): Promise<Job> {
    const added = this.queue.add(this.job.name, this.job.payload.parse(payload), { removeOnComplete: 1000, removeOnFail: 1000, ...options });
    return withDeadline(added, queueDeadlineMs, `The ${this.job.queue} queue`);
  }

  async find(jobId: string): Promise<Job | undefined> {
    return (await withDeadline(this.queue.getJob(jobId), queueDeadlineMs, `The ${this.job.queue} queue`)) ?? undefined;
  }

  state(job: Job): Promise<string> {
    return withDeadline(job.getState(), queueDeadlineMs, `The ${this.job.queue} queue`);
  }

  /** The job's validated result; JobFailedError or JobTimeoutError otherwise, UNAVAILABLE when Redis is away or lost the job. */
  async waitFor(job: Job, timeoutMs: number): Promise<z.output<R>> {
    let raw: unknown;
    try {
      raw = await job.waitUntilFinished(this.events, timeoutMs);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/timed out/i.test(message)) throw new JobTimeoutError(message);
      // Lost with the last second of a Redis that died, or Redis is away: try again later.
      if (/Missing key for job/i.test(message) || isConnectionFault(error)) throw new ServiceError('UNAVAILABLE', message);
      throw new JobFailedError(message.replace(/^UnrecoverableError:\s*/, ''));
    }
    return this.result.parse(raw);
  }

  /** Adds and waits: a timeout is UNAVAILABLE, as is a failure the caller has no words for. */
  async run(payload: JobPayload<J>, options: JobsOptions & { timeoutMs: number }): Promise<z.output<R>> {
    const { timeoutMs, ...jobOptions } = options;
    const added = await this.add(payload, jobOptions);
    try {
      return await this.waitFor(added, timeoutMs);
    } catch (error) {
      if (error instanceof JobTimeoutError) throw new ServiceError('UNAVAILABLE', error.message);
      if (error instanceof JobFailedError) throw new ServiceError('INTERNAL', error.message);
      throw error;
    }
  }

  async close(): Promise<void> {
    unwatchQueue(this.queue);
    await Promise.all([this.queue.close(), this.events.close()]);
    for (const connection of this.connections) connection.disconnect();
  }
}
