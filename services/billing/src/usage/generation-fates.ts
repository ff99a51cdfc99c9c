import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { generationJob, generationJobIdOfReservation } from '@sopwright/contracts';
import { withDeadline } from '@sopwright/server-kit';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { BILLING_CONFIG, type BillingConfig } from '../config';

/**
 * What became of the generation a credit is held for: still `running` (queued, retrying or
 * active), `finished` (its SOP was saved, the settlement was lost) or `gone` (failed, or the
 * job no longer exists).
 */
export type GenerationFate = 'running' | 'finished' | 'gone';

export interface GenerationFates {
  fateOf(reservationKey: string): Promise<GenerationFate>;
}

/** BullMQ waits for a connection before any command: a read that cannot be answered soon fails the sweep instead. */
const readTimeoutMs = 5000;

const running = new Set(['waiting', 'active', 'delayed', 'prioritized', 'waiting-children']);

/**
 * Reads a generation's state from the generation queue (shared through contracts, never the
 * generation service's code). Fails fast while Redis is down, so a sweep stops and retries
 * later instead of taking an unreachable job for a lost one.
 */
@Injectable()
export class GenerationQueueFates implements GenerationFates, OnApplicationShutdown {
  private readonly connection: Redis;
  private readonly queue: Queue;

  constructor(@Inject(BILLING_CONFIG) config: Pick<BillingConfig, 'REDIS_URL'>) {
    this.connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: readTimeoutMs });
    // A sweep reports the failed read; these would only repeat it.
    this.connection.on('error', () => undefined);
    this.queue = new Queue(generationJob.queue, { connection: this.connection });
    this.queue.on('error', () => undefined);
  }

  async fateOf(reservationKey: string): Promise<GenerationFate> {
    const jobId = generationJobIdOfReservation(reservationKey);
    if (!jobId) return 'gone';
    const state = await withDeadline(this.queue.getJobState(jobId), readTimeoutMs, 'The generation queue');
    if (state === 'completed') return 'finished';
    return running.has(state) ? 'running' : 'gone';
  }

  async onApplicationShutdown(): Promise<void> {
    // Disconnected first: closing a queue whose Redis never answered waits for it to.
    this.connection.disconnect();
    await this.queue.close().catch(() => undefined);
  }
}
