import { Inject, Injectable } from '@nestjs/common';
import type { BillingProduct, CheckoutUrlResponse, LocalCheckout, LocalPortal, Usage } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { payments, productLabel } from '../../billing-metrics';
import { addInterval, reconcilePlan } from '../../plans/plan-reconciler';
import { ledger } from '../../usage/ledger';
import { entitlements } from '../entitlements';
import { LocalCheckoutEntity, type SubscriptionEntity } from '../payment.entities';
import { refuseSecondSubscription, type Customer, type PaymentProvider } from '../payment-provider';
import { productTerms } from '../products';

const orderNotFound = 'Order not found';

/**
 * Test mode, the embedded default when no Stripe key is set: checkout and portal are pages of
 * the app, nobody pays, and completing an order runs the same entitlement code as Stripe's webhook.
 */
@Injectable()
export class LocalPayments implements PaymentProvider {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async startCheckout({ userId }: Customer, product: BillingProduct): Promise<CheckoutUrlResponse> {
    return this.dataSource.transaction(async (manager) => {
      await ledger.lockAccount(manager, userId);
      await refuseSecondSubscription(manager, userId, product);
      const order = await manager.save(manager.create(LocalCheckoutEntity, { userId, product }));
      return { url: `/checkout/${order.id}` };
    });
  }

  async openPortal(): Promise<CheckoutUrlResponse> {
    return { url: '/billing/portal' };
  }

  async checkout(userId: string, checkoutId: string): Promise<LocalCheckout> {
    const order = await this.dataSource.manager.findOneBy(LocalCheckoutEntity, { id: checkoutId, userId });
    if (!order) throw new ServiceError('NOT_FOUND', orderNotFound);
    return toLocalCheckout(order);
  }

  /** Pays the order once; completing it again changes nothing. */
  async complete(userId: string, checkoutId: string): Promise<Usage> {
    const paid = { product: undefined as string | undefined };
    const usage = await this.dataSource.transaction(async (manager) => {
      await ledger.lockAccount(manager, userId);
      const order = await manager.findOne(LocalCheckoutEntity, { where: { id: checkoutId, userId }, lock: { mode: 'pessimistic_write' } });
      if (!order) throw new ServiceError('NOT_FOUND', orderNotFound);
      if (order.status === 'open') {
        const terms = productTerms[order.product];
        if (terms.interval) {
          await refuseSecondSubscription(manager, userId, order.product);
          const now = new Date();
          const update = { id: `local_${order.id}`, provider: 'local' as const, product: order.product, status: 'active' as const };
          await entitlements.subscriptionChanged(manager, userId, { ...update, currentPeriodEnd: addInterval(now, terms.interval), cancelAtPeriodEnd: false }, now);
        } else {
          await entitlements.purchaseCompleted(manager, userId, order.product, `local:${order.id}`);
        }
        order.status = 'completed';
        order.completedAt = new Date();
        await manager.save(order);
        paid.product = order.product;
      }
      const account = await ledger.lockAccount(manager, userId);
      return { planType: account.planType, credits: await ledger.balance(manager, userId) };
    });
    if (paid.product !== undefined) payments.inc({ provider: 'test', product: productLabel(paid.product), outcome: 'paid' });
    return usage;
  }

  portal(userId: string): Promise<LocalPortal> {
    return this.dataSource.transaction((manager) => this.portalState(manager, userId));
  }

  /** Cancels at the period end: Pro stays until then, as with Stripe. */
  setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<LocalPortal> {
    return this.dataSource.transaction(async (manager) => {
      await ledger.lockAccount(manager, userId);
      const subscription = await entitlements.liveSubscription(manager, userId);
      if (!subscription) throw new ServiceError('CONFLICT', 'You have no active subscription');
      if (subscription.provider !== 'local') throw new ServiceError('CONFLICT', 'This subscription is managed in the Stripe billing portal');
      const { id, provider, product, status, currentPeriodEnd } = subscription;
      await entitlements.subscriptionChanged(manager, userId, { id, provider, product, status, currentPeriodEnd, cancelAtPeriodEnd: cancel }, new Date());
      return this.portalState(manager, userId);
    });
  }

  private async portalState(manager: EntityManager, userId: string): Promise<LocalPortal> {
    const account = await ledger.lockAccount(manager, userId);
    await reconcilePlan(manager, account);
    const subscription = await entitlements.liveSubscription(manager, userId);
    return {
      planType: account.planType,
      credits: await ledger.balance(manager, userId),
      subscription: subscription && toSummary(subscription),
    };
  }
}

const toLocalCheckout = (order: LocalCheckoutEntity): LocalCheckout => {
  const { name, price, includes } = productTerms[order.product];
  return { id: order.id, product: order.product, name, price, includes, status: order.status };
};

const toSummary = (subscription: SubscriptionEntity) => ({
  interval: productTerms[subscription.product].interval ?? 'month',
  price: productTerms[subscription.product].price,
  currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
  cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
  managedLocally: subscription.provider === 'local',
});
