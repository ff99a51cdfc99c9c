import type { BillingProduct } from '@sopwright/contracts';
import type { EntityManager } from 'typeorm';
import { reconcilePlan } from '../plans/plan-reconciler';
import { ledger } from '../usage/ledger';
import { liveSubscriptionStatuses, SubscriptionEntity, type SubscriptionProvider, type SubscriptionStatus } from './payment.entities';
import { productTerms } from './products';

export interface SubscriptionUpdate {
  id: string;
  provider: SubscriptionProvider;
  product: BillingProduct;
  status: SubscriptionStatus;
  /** Null when the event does not say (a checkout that started the subscription). */
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** Statuses a subscription never leaves. */
const finalStatuses: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

/** When an update carries no time of its own: any real event about the subscription wins over it. */
export const BEFORE_ANY_EVENT = new Date(0);

/**
 * What a payment grants, in one place for Stripe's webhook and the local test checkout alike.
 * Each function runs inside the caller's transaction and takes the account lock first.
 */
export const entitlements = {
  /** A paid one-time purchase: the Starter Pack's credits, once per order. */
  async purchaseCompleted(manager: EntityManager, userId: string, product: BillingProduct, orderRef: string): Promise<void> {
    const account = await ledger.lockAccount(manager, userId);
    const terms = productTerms[product];
    if (terms.credits) await ledger.grant(manager, account, terms.credits, `purchase:${orderRef}`, `${terms.name} purchase`);
    await reconcilePlan(manager, account);
  },

  /**
   * What we heard about a subscription at `eventAt`. Events arrive in any order: one older than
   * the last applied changes nothing, and an ended subscription stays ended.
   */
  async subscriptionChanged(manager: EntityManager, userId: string, update: SubscriptionUpdate, eventAt: Date): Promise<void> {
    const account = await ledger.lockAccount(manager, userId);
    const existing = await manager.findOneBy(SubscriptionEntity, { id: update.id });
    if (!existing) {
      await manager.insert(SubscriptionEntity, { ...update, userId, lastEventAt: eventAt });
    } else if (existing.userId === userId && eventAt >= existing.lastEventAt && !finalStatuses.includes(existing.status)) {
      existing.status = update.status;
      existing.currentPeriodEnd = update.currentPeriodEnd ?? existing.currentPeriodEnd;
      existing.cancelAtPeriodEnd = update.cancelAtPeriodEnd;
      existing.lastEventAt = eventAt;
      await manager.save(existing);
    }
    await reconcilePlan(manager, account);
  },

  async liveSubscription(manager: EntityManager, userId: string): Promise<SubscriptionEntity | null> {
    const subscriptions = await manager.find(SubscriptionEntity, { where: { userId }, order: { createdAt: 'DESC' } });
    return subscriptions.find((subscription) => liveSubscriptionStatuses.includes(subscription.status)) ?? null;
  },
};
