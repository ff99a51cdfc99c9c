import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { BILLING_CONFIG, type BillingConfig } from '../config';
import { CreditsService } from './credits.service';

/**
 * The last safety net for held credits: a reservation still open after the longest a
 * generation can take (its settlement was lost with Redis, or its job vanished) goes back
 * to the user. Every billing replica sweeps; settling is idempotent.
 */
@Injectable()
export class AbandonedReservationSweeper implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ReservationSweeper');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    @Inject(CreditsService) private readonly credits: CreditsService,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.CREDIT_SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  sweep(): Promise<void> {
    this.running ??= this.credits
      .refundAbandoned(new Date(Date.now() - this.config.CREDIT_RESERVATION_TTL_MS))
      .then((refunded) => {
        if (refunded > 0) this.logger.warn(`refunded ${refunded} credit(s) held past ${this.config.CREDIT_RESERVATION_TTL_MS} ms`);
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
