import { Inject, Injectable, Logger } from '@nestjs/common';
import type { BillingProduct, CheckoutUrlResponse } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { BILLING_CONFIG, type BillingConfig } from '../../config';
import { ledger } from '../../usage/ledger';
import { StripeCustomerEntity } from '../payment.entities';
import { refuseSecondSubscription, type Customer, type PaymentProvider } from '../payment-provider';
import { productTerms } from '../products';
import { STRIPE_CLIENT } from './stripe-client';

/** Stripe Checkout and the customer portal. What a payment grants arrives later, by webhook. */
@Injectable()
export class StripePayments implements PaymentProvider {
  private readonly logger = new Logger(StripePayments.name);

  constructor(
    @Inject(STRIPE_CLIENT) private readonly stripe: Stripe,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  async startCheckout(customer: Customer, product: BillingProduct, requestId?: string): Promise<CheckoutUrlResponse> {
    await this.dataSource.transaction(async (manager) => {
      await ledger.lockAccount(manager, customer.userId);
      await refuseSecondSubscription(manager, customer.userId, product);
    });
    const terms = productTerms[product];
    const metadata = { userId: customer.userId, product };
    const unitPrice = { currency: 'usd', unit_amount: terms.amount, product_data: { name: `Sopwright ${terms.name}` } };
    const session = await this.call('create a checkout session', async () =>
      this.stripe.checkout.sessions.create(
        {
          customer: await this.customerId(customer),
          client_reference_id: customer.userId,
          metadata,
          success_url: `${this.config.PUBLIC_URL}/dashboard?checkout=success`,
          cancel_url: `${this.config.PUBLIC_URL}${product === 'pro-legacy' ? '/billing' : '/pricing'}`,
          ...(terms.interval
            ? {
                mode: 'subscription',
                line_items: [{ quantity: 1, price_data: { ...unitPrice, recurring: { interval: terms.interval } } }],
                subscription_data: { metadata },
              }
            : { mode: 'payment', line_items: [{ quantity: 1, price_data: unitPrice }], payment_intent_data: { metadata } }),
        },
        // A request taken over by another replica creates the same session, not a second one.
        requestId ? { idempotencyKey: `sopwright-checkout-${requestId}` } : undefined,
      ),
    );
    if (!session.url) throw new ServiceError('PAYMENT_PROVIDER_FAILED', 'Stripe returned a checkout session without a URL');
    return { url: session.url };
  }

  async openPortal(customer: Customer): Promise<CheckoutUrlResponse> {
    const session = await this.call('open the billing portal', async () =>
      this.stripe.billingPortal.sessions.create({ customer: await this.customerId(customer), return_url: `${this.config.PUBLIC_URL}/billing` }),
    );
    return { url: session.url };
  }

  /** One Stripe customer per user, created on first need; the idempotency key keeps racing calls to one. */
  private async customerId({ userId, email }: Customer): Promise<string> {
    const known = await this.dataSource.manager.findOneBy(StripeCustomerEntity, { userId });
    if (known) return known.customerId;
    const created = await this.stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `sopwright-customer-${userId}` });
    await this.dataSource.transaction(async (manager) => {
      await ledger.lockAccount(manager, userId);
      await manager.createQueryBuilder().insert().into(StripeCustomerEntity).values({ userId, customerId: created.id }).orIgnore().execute();
    });
    return (await this.dataSource.manager.findOneByOrFail(StripeCustomerEntity, { userId })).customerId;
  }

  private async call<T>(what: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      this.logger.error(`Stripe failed to ${what}: ${error instanceof Error ? error.message : String(error)}`);
      throw new ServiceError('PAYMENT_PROVIDER_FAILED', `Stripe failed to ${what}`);
    }
  }
}
