import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { BILLING_CONFIG, type BillingConfig } from '../config';
import { CreditsService } from './credits.service';
import { GenerationQueueFates } from './generation-fates';

/**
 * The last safety net for held credits: a reservation still open after the longest a
 * generation should take is settled by its generation's fate (refunded if the job failed or
 * vanished with Redis, committed if it finished and only the settlement was lost, kept while it
 * still runs). Every billing replica sweeps; settling is idempotent.
 */
@Injectable()
export class AbandonedReservationSweeper implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ReservationSweeper');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @Inject(CreditsService) private readonly credits: CreditsService,
    @Inject(GenerationQueueFates) private readonly fates: GenerationQueueFates,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.CREDIT_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  sweep(): Promise<void> {
    this.running ??= this.credits
      .settleAbandoned(new Date(Date.now() - this.config.CREDIT_RESERVATION_TTL_MS), this.fates)
      .then(({ refunded, committed }) => {
        if (refunded > 0) this.logger.warn(`refunded ${refunded} credit(s) held past ${this.config.CREDIT_RESERVATION_TTL_MS} ms whose generation is gone`);
        if (committed > 0) this.logger.warn(`committed ${committed} credit(s) held past ${this.config.CREDIT_RESERVATION_TTL_MS} ms whose generation finished`);
      })
      .catch((error: unknown) => this.logger.warn(`sweep failed, will retry: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }
}
