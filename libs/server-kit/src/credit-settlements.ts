import { creditSettlementJob, creditSettlementJobId, creditSettlementRetries } from '@sopwright/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { queueTelemetry } from './tracing';

/**
 * The producer side of credit settlement: commit or refund a held credit through billing's
 * settlement queue, which retries until the ledger takes it (billing or Postgres may be down).
 * One job per reservation and outcome, so a repeated settlement is queued once.
 */
export class CreditSettlements {
  private readonly connection: Redis;
  private readonly queue: Queue;

  constructor(redisUrl: string) {
    this.connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    this.queue = new Queue(creditSettlementJob.queue, { connection: this.connection, telemetry: queueTelemetry() });
  }

  async settle(reservationId: string, outcome: 'commit' | 'refund'): Promise<void> {
    await this.queue.add(creditSettlementJob.name, creditSettlementJob.payload.parse({ reservationId, outcome }), {
      jobId: creditSettlementJobId(reservationId, outcome),
      ...creditSettlementRetries,
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }
}
