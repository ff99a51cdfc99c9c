import type { LocalPortal, PlanType } from '@sopwright/contracts';

const planNames: Record<PlanType, string> = { free: 'Free', starter: 'Starter Pack', pro: 'Pro' };

export function planName(planType: PlanType): string {
  return planNames[planType];
}

/** What the portal offers for a subscription: cancel it, resume it, or nothing here (Stripe manages it). */
export type PortalAction = 'cancel' | 'resume' | 'managed-elsewhere' | 'none';

export function portalAction(subscription: LocalPortal['subscription']): PortalAction {
  if (!subscription) return 'none';
  if (!subscription.managedLocally) return 'managed-elsewhere';
  return subscription.cancelAtPeriodEnd ? 'resume' : 'cancel';
}

/** 'Renews on <date>', or 'Ends on <date>' once cancelled; null without a subscription or a known period end. */
export function periodEndLine(subscription: LocalPortal['subscription'], format: (iso: string) => string): string | null {
  if (!subscription?.currentPeriodEnd) return null;
  return `${subscription.cancelAtPeriodEnd ? 'Ends on' : 'Renews on'} ${format(subscription.currentPeriodEnd)}`;
}

/** True for an RTK Query error the server answered with 404 (an order that is not this user's, or none). */
export function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && (error as { status: unknown }).status === 404;
}
