import type { JobDefinition, JobPayload } from '@sopwright/contracts';
import { Queue, QueueEvents, type JobsOptions } from 'bullmq';
import Redis from 'ioredis';
import type { z } from 'zod';
import { isConnectionFault, withDeadline } from './faults';
import { ServiceError } from './rpc';

/**
 * The producer side of a BullMQ queue for callers that wait for the answer (the gateway
 * holding an HTTP request): enqueue, then wait for whichever worker takes the job.
 * Payloads are validated on the way in and results on the way out.
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
    this.queue = new Queue(job.queue, { connection: this.connections[0]! });
    this.events = new QueueEvents(job.queue, { connection: this.connections[1]! });
  }

  async run(payload: JobPayload<J>, options: JobsOptions & { timeoutMs: number }): Promise<z.output<R>> {
    const { timeoutMs, ...jobOptions } = options;
    const added = await withDeadline(
      this.queue.add(this.job.name, this.job.payload.parse(payload), { removeOnComplete: 1000, removeOnFail: 1000, ...jobOptions }),
      5000,
      `The ${this.job.queue} queue`,
    );
    try {
      return this.result.parse(await added.waitUntilFinished(this.events, timeoutMs));
    } catch (error) {
      // Timed out, or lost with the last second of a Redis that died: try again later.
      const unavailable = error instanceof Error && (/timed out|Missing key for job/i.test(error.message) || isConnectionFault(error));
      throw new ServiceError(unavailable ? 'UNAVAILABLE' : 'INTERNAL', error instanceof Error ? error.message : String(error));
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.queue.close(), this.events.close()]);
    for (const connection of this.connections) connection.disconnect();
  }
}
