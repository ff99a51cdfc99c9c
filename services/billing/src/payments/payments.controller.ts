import { Controller, Inject } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { billingMessages, type MessageResponse } from '@sopwright/contracts';
import { RpcContext, ServiceError } from '@sopwright/server-kit';
import type { z } from 'zod';
import { checkouts, productLabel } from '../billing-metrics';
import { BILLING_CONFIG, paymentsMode, type BillingConfig } from '../config';
import { LocalPayments } from './local/local-payments.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider';
import { StripeWebhooks } from './stripe/stripe-webhooks.service';

type RequestOf<K extends keyof typeof billingMessages> = z.output<(typeof billingMessages)[K]['request']>;
type Reply<K extends keyof typeof billingMessages> = Promise<MessageResponse<(typeof billingMessages)[K]>>;

@Controller()
export class PaymentsController {
  constructor(
    @Inject(PAYMENT_PROVIDER) private readonly payments: PaymentProvider,
    @Inject(LocalPayments) private readonly local: LocalPayments,
    @Inject(StripeWebhooks) private readonly webhooks: StripeWebhooks,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  /** The test-mode checkout and portal exist only in test mode: with Stripe on, an order opened before cannot be completed for free. */
  private get testMode(): LocalPayments {
    if (paymentsMode(this.config) !== 'test') throw new ServiceError('NOT_FOUND', 'Test-mode checkout is off: payments go through Stripe');
    return this.local;
  }

  @MessagePattern(billingMessages.startCheckout.pattern)
  async startCheckout(
    @Payload({ schema: billingMessages.startCheckout.request }) { userId, email, product }: RequestOf<'startCheckout'>,
    @Ctx() context: RpcContext,
  ): Reply<'startCheckout'> {
    const labels = { provider: paymentsMode(this.config), product: productLabel(product) };
    try {
      const checkout = await this.payments.startCheckout({ userId, email }, product, context.getRequestId());
      checkouts.inc({ ...labels, outcome: 'started' });
      return checkout;
    } catch (error) {
      checkouts.inc({ ...labels, outcome: error instanceof ServiceError && error.code === 'CONFLICT' ? 'refused' : 'failed' });
      throw error;
    }
  }

  @MessagePattern(billingMessages.openPortal.pattern)
  openPortal(@Payload({ schema: billingMessages.openPortal.request }) customer: RequestOf<'openPortal'>): Reply<'openPortal'> {
    return this.payments.openPortal(customer);
  }

  @MessagePattern(billingMessages.handleStripeWebhook.pattern)
  webhook(@Payload({ schema: billingMessages.handleStripeWebhook.request }) r: RequestOf<'handleStripeWebhook'>): Reply<'handleStripeWebhook'> {
    return this.webhooks.handle(r.payload, r.signature);
  }

  @MessagePattern(billingMessages.getLocalCheckout.pattern)
  localCheckout(@Payload({ schema: billingMessages.getLocalCheckout.request }) r: RequestOf<'getLocalCheckout'>): Reply<'getLocalCheckout'> {
    return this.testMode.checkout(r.userId, r.checkoutId);
  }

  @MessagePattern(billingMessages.completeLocalCheckout.pattern)
  completeLocalCheckout(
    @Payload({ schema: billingMessages.completeLocalCheckout.request }) r: RequestOf<'completeLocalCheckout'>,
  ): Reply<'completeLocalCheckout'> {
    return this.testMode.complete(r.userId, r.checkoutId);
  }

  @MessagePattern(billingMessages.getLocalPortal.pattern)
  localPortal(@Payload({ schema: billingMessages.getLocalPortal.request }) { userId }: RequestOf<'getLocalPortal'>): Reply<'getLocalPortal'> {
    return this.testMode.portal(userId);
  }

  @MessagePattern(billingMessages.cancelLocalSubscription.pattern)
  cancel(@Payload({ schema: billingMessages.cancelLocalSubscription.request }) { userId }: RequestOf<'cancelLocalSubscription'>): Reply<'cancelLocalSubscription'> {
    return this.testMode.setCancelAtPeriodEnd(userId, true);
  }

  @MessagePattern(billingMessages.resumeLocalSubscription.pattern)
  resume(@Payload({ schema: billingMessages.resumeLocalSubscription.request }) { userId }: RequestOf<'resumeLocalSubscription'>): Reply<'resumeLocalSubscription'> {
    return this.testMode.setCancelAtPeriodEnd(userId, false);
  }
}
