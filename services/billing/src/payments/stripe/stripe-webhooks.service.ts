import { Inject, Injectable, Logger } from '@nestjs/common';
import { billingProductSchema, messages, uuidSchema, type BillingProduct, type StripeWebhookResponse } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { payments, productLabel, stripeWebhooks } from '../../billing-metrics';
import { BILLING_CONFIG, type BillingConfig } from '../../config';
import { BEFORE_ANY_EVENT, entitlements } from '../entitlements';
import { StripeCustomerEntity, StripeEventEntity, type SubscriptionStatus } from '../payment.entities';
import { STRIPE_CLIENT } from './stripe-client';

/** A payment an event settled, counted once its transaction committed. */
interface PaymentOutcome {
  product: string;
  outcome: 'paid' | 'pending' | 'ignored';
}

/**
 * Stripe's events, verified against the raw body they were signed over and applied exactly once:
 * the event id is stored in the same transaction as its effect, so a redelivery (or two racing
 * deliveries) finds it and changes nothing, and a failure stores neither, so Stripe's retry applies it.
 */
@Injectable()
export class StripeWebhooks {
  private readonly logger = new Logger(StripeWebhooks.name);

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe | null,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  async handle(payload: string, signature: string): Promise<StripeWebhookResponse> {
    const secret = this.config.STRIPE_WEBHOOK_SECRET;
    if (!this.stripe || !secret) {
      stripeWebhooks.inc({ outcome: 'not_configured' });
      throw new ServiceError('NOT_FOUND', 'Stripe is not configured: set STRIPE_SECRET_KEY to receive its webhooks');
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(payload, signature, secret);
    } catch {
      stripeWebhooks.inc({ outcome: 'invalid_signature' });
      throw new ServiceError('VALIDATION_FAILED', messages.invalidStripeSignature);
    }

    const settled: PaymentOutcome[] = [];
    let response: StripeWebhookResponse;
    try {
      response = await this.dataSource.transaction(async (manager) => {
        settled.length = 0;
        const stored = await manager
          .createQueryBuilder()
          .insert()
          .into(StripeEventEntity)
          .values({ id: event.id, type: event.type })
          .orIgnore()
          .returning('id')
          .execute();
        if ((stored.raw as unknown[]).length === 0) return { received: true, duplicate: true };
        await this.apply(manager, event, settled);
        return { received: true, duplicate: false };
      });
    } catch (error) {
      stripeWebhooks.inc({ outcome: 'failed' });
      throw error;
    }
    stripeWebhooks.inc({ outcome: response.duplicate ? 'duplicate' : 'applied' });
    for (const { product, outcome } of settled) payments.inc({ provider: 'stripe', product, outcome });
    return response;
  }

  private async apply(manager: EntityManager, event: Stripe.Event, settled: PaymentOutcome[]): Promise<void> {
    const eventAt = new Date(event.created * 1000);
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return this.checkoutPaid(manager, event.data.object, settled);
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed':
      case 'customer.subscription.deleted':
        return this.subscriptionChanged(manager, event.data.object, event.type === 'customer.subscription.deleted', eventAt);
      default:
        this.logger.debug(`Stripe event ${event.type} needs nothing from us`);
    }
  }

  /** Starter credits once the money is in; a subscription checkout starts Pro until its own events say more. */
  private async checkoutPaid(manager: EntityManager, session: Stripe.Checkout.Session, settled: PaymentOutcome[]): Promise<void> {
    const userId = userIdIn(session.metadata?.userId) ?? userIdIn(session.client_reference_id);
    const product = billingProductSchema.safeParse(session.metadata?.product);
    if (!userId || !product.success) {
      settled.push({ product: productLabel(session.metadata?.product), outcome: 'ignored' });
      return this.ignore('checkout session', session.id, 'no Sopwright user or product in its metadata');
    }
    if (session.payment_status === 'unpaid') {
      settled.push({ product: product.data, outcome: 'pending' });
      return; // a delayed payment method: async_payment_succeeded follows
    }
    settled.push({ product: product.data, outcome: 'paid' });

    if (session.mode === 'payment') {
      await entitlements.purchaseCompleted(manager, userId, product.data, `stripe:${session.id}`);
    } else if (session.mode === 'subscription' && session.subscription) {
      const id = typeof session.subscription === 'string' ? session.subscription : session.subscription.id;
      const update = { id, provider: 'stripe' as const, product: product.data, status: 'active' as const, currentPeriodEnd: null, cancelAtPeriodEnd: false };
      await entitlements.subscriptionChanged(manager, userId, update, BEFORE_ANY_EVENT);
    }
  }

  private async subscriptionChanged(manager: EntityManager, subscription: Stripe.Subscription, deleted: boolean, eventAt: Date): Promise<void> {
    const userId = userIdIn(subscription.metadata?.userId) ?? (await this.userOfCustomer(manager, subscription.customer));
    if (!userId) return this.ignore('subscription', subscription.id, 'no Sopwright user for its customer');
    const item = subscription.items?.data?.[0];
    const periodEnd = item?.current_period_end;
    await entitlements.subscriptionChanged(
      manager,
      userId,
      {
        id: subscription.id,
        provider: 'stripe',
        product: productOf(subscription, item?.price?.recurring?.interval),
        status: deleted ? 'canceled' : (subscription.status as SubscriptionStatus),
        currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
        // The portal cancels either at the period end or at a chosen date; both keep Pro until then.
        cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
      },
      eventAt,
    );
  }

  private async userOfCustomer(manager: EntityManager, customer: string | Stripe.Customer | Stripe.DeletedCustomer): Promise<string | null> {
    const customerId = typeof customer === 'string' ? customer : customer.id;
    return (await manager.findOneBy(StripeCustomerEntity, { customerId }))?.userId ?? null;
  }

  private ignore(what: string, id: string, why: string): void {
    this.logger.warn(`Ignoring Stripe ${what} ${id}: ${why}`);
  }
}

/**
 * A Sopwright user id, or null: metadata is free text on Stripe's side (a dashboard edit, another
 * app's checkout), and a malformed id must be acknowledged and ignored, or Stripe retries it for days.
 */
function userIdIn(value: string | null | undefined): string | null {
  return uuidSchema.safeParse(value).success ? value! : null;
}

function productOf(subscription: Stripe.Subscription, interval: string | undefined): BillingProduct {
  const named = billingProductSchema.safeParse(subscription.metadata?.product);
  if (named.success) return named.data;
  return interval === 'year' ? 'pro-year' : 'pro-month';
}
