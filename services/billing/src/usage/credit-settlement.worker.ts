import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { creditSettlementBackoffMs, creditSettlementJob } from '@sopwright/contracts';
import { instrumentProcessor, instrumentWorker, queueTelemetry, ServiceError, unwatchQueue, watchQueue } from '@sopwright/server-kit';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import Redis from 'ioredis';
import { BILLING_CONFIG, type BillingConfig } from '../config';
import { CreditsService } from './credits.service';

/**
 * Settles held credits from the settlement queue. A settlement that cannot reach the
 * database stays queued and is retried with backoff, so a refund is never dropped; one
 * that no longer applies (unknown or already settled the other way) is final and logged.
 */
@Injectable()
export class CreditSettlementWorker implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('CreditSettlement');
  private worker?: Worker;
  private queue?: Queue;
  private connection?: Redis;

  constructor(
    @Inject(CreditsService) private readonly credits: CreditsService,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  onModuleInit(): void {
    this.connection = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: null });
    this.worker = new Worker(
      creditSettlementJob.queue,
      // Timed, and its outcomes counted, per attempt (sopwright_job_duration_seconds{queue="credit-settlement"}).
      instrumentProcessor(creditSettlementJob.queue, async (job) => {
        const { reservationId, outcome } = creditSettlementJob.payload.parse(job.data);
        try {
          const settled = outcome === 'commit' ? await this.credits.commit(reservationId) : await this.credits.refund(reservationId);
          return settled.status;
        } catch (error) {
          if (error instanceof ServiceError && (error.code === 'NOT_FOUND' || error.code === 'CONFLICT')) {
            this.logger.warn(`settlement ${job.id} does not apply: ${error.message}`);
            throw new UnrecoverableError(error.message);
          }
          throw error;
        }
      }),
      {
        connection: this.connection,
        concurrency: 4,
        telemetry: queueTelemetry(),
        settings: { backoffStrategy: (attemptsMade: number) => creditSettlementBackoffMs(attemptsMade) },
      },
    );
    this.worker.on('failed', (job, error) => {
      if (job && !(error instanceof UnrecoverableError)) this.logger.warn(`settlement ${job.id} attempt ${job.attemptsMade} failed, retrying: ${error.message}`);
    });
    this.worker.on('error', (error) => this.logger.error(`settlement worker: ${error.message}`));
    instrumentWorker(this.worker);
    // Its depth in billing's metrics; shares the worker's (non-blocking) connection.
    this.queue = new Queue(creditSettlementJob.queue, { connection: this.connection });
    watchQueue(this.queue);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    if (this.queue) {
      unwatchQueue(this.queue);
      await this.queue.close();
    }
    this.connection?.disconnect();
  }
}
