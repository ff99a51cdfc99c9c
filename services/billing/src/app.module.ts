import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BILLING_CONFIG, paymentsMode, type BillingConfig } from './config';
import { LocalPayments } from './payments/local/local-payments.service';
import { PAYMENT_PROVIDER } from './payments/payment-provider';
import { PaymentsController } from './payments/payments.controller';
import { createStripeClient, STRIPE_CLIENT } from './payments/stripe/stripe-client';
import { StripePayments } from './payments/stripe/stripe-payments.service';
import { StripeWebhooks } from './payments/stripe/stripe-webhooks.service';
import { CreditsController } from './usage/credits.controller';
import { AbandonedReservationSweeper } from './usage/abandoned-reservation.sweeper';
import { CreditSettlementWorker } from './usage/credit-settlement.worker';
import { CreditsService } from './usage/credits.service';
import { GenerationQueueFates } from './usage/generation-fates';

@Module({})
export class AppModule {
  static register(dataSource: DataSource, config: BillingConfig): DynamicModule {
    const stripe = createStripeClient(config);
    return {
      module: AppModule,
      controllers: [CreditsController, PaymentsController],
      providers: [
        { provide: DataSource, useValue: dataSource },
        { provide: BILLING_CONFIG, useValue: config },
        { provide: STRIPE_CLIENT, useValue: stripe },
        CreditsService,
        CreditSettlementWorker,
        GenerationQueueFates,
        AbandonedReservationSweeper,
        LocalPayments,
        StripeWebhooks,
        // Stripe, or the app's own test-mode checkout: never both.
        paymentsMode(config) === 'stripe' ? { provide: PAYMENT_PROVIDER, useClass: StripePayments } : { provide: PAYMENT_PROVIDER, useExisting: LocalPayments },
      ],
    };
  }
}
