import type { EntityManager } from 'typeorm';
import { liveSubscriptionStatuses, SubscriptionEntity } from '../payments/payment.entities';
import type { AccountEntity } from '../usage/billing.entities';
import { ledger } from '../usage/ledger';

/**
 * Derives a user's plan from their subscriptions: Pro while one is live, else the plan they had
 * before (Starter if they ever bought credits, which they keep). Users who never subscribed keep
 * the plan the ledger gave them. Runs under the account lock.
 */
export async function reconcilePlan(manager: EntityManager, account: AccountEntity, now = new Date()): Promise<SubscriptionEntity[]> {
  const subscriptions = await manager.find(SubscriptionEntity, { where: { userId: account.userId }, order: { createdAt: 'DESC' } });
  if (subscriptions.length === 0) return subscriptions;

  for (const subscription of subscriptions) {
    if (subscription.provider === 'local' && settleLocalPeriod(subscription, now)) await manager.save(subscription);
  }
  const live = subscriptions.some((subscription) => liveSubscriptionStatuses.includes(subscription.status));
  const fallback = (await ledger.hasBoughtCredits(manager, account.userId)) ? 'starter' : 'free';
  await ledger.changePlan(manager, account, live ? 'pro' : fallback, live ? 'Pro subscription active' : 'Pro subscription ended');
  return subscriptions;
}

/**
 * Local (test mode) subscriptions have no provider to end or renew them: at the period end a
 * cancelled one ends and any other renews without payment. Answers whether it changed.
 */
function settleLocalPeriod(subscription: SubscriptionEntity, now: Date): boolean {
  const end = subscription.currentPeriodEnd;
  if (subscription.status !== 'active' || !end || end > now) return false;
  if (subscription.cancelAtPeriodEnd) {
    subscription.status = 'canceled';
    return true;
  }
  let next = end;
  while (next <= now) next = addInterval(next, subscription.product === 'pro-year' ? 'year' : 'month');
  subscription.currentPeriodEnd = next;
  return true;
}

export function addInterval(from: Date, interval: 'month' | 'year'): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
