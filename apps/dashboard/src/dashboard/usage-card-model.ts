import type { Usage } from '@sopwright/contracts';

export type UsageTone = 'pro' | 'starter' | 'empty' | 'free';

export interface UsageCardState {
  /** 'Pro Plan', 'Starter Pack' or 'Free Plan'. */
  plan: string;
  /** The headline under the plan: 'Unlimited', the credit count, or 'Limited'. */
  status: string;
  /** A line of explanation, when the plan has one. */
  note?: string;
  /** The call to action, always to /pricing; none on Pro. */
  action?: string;
  tone: UsageTone;
}

export const USAGE_ACTION_PATH = '/pricing';

/** The usage card of spec §2, one state per plan (and for Starter, per credit count). */
export function usageCardState(usage: Usage): UsageCardState {
  switch (usage.planType) {
    case 'pro':
      return { plan: 'Pro Plan', status: 'Unlimited', note: 'Generate as many SOPs as you need.', tone: 'pro' };
    case 'starter':
      return usage.credits > 0
        ? {
            plan: 'Starter Pack',
            // 'N credits remaining' as the spec words it; one credit reads as singular.
            status: usage.credits === 1 ? '1 credit remaining' : `${usage.credits} credits remaining`,
            note: 'One credit per SOP generated. Credits never expire.',
            action: 'Upgrade to Pro',
            tone: 'starter',
          }
        : {
            plan: 'Starter Pack',
            status: 'No credits remaining',
            note: 'Buy more credits to keep generating SOPs.',
            action: 'Buy More Credits',
            tone: 'empty',
          };
    default:
      return { plan: 'Free Plan', status: 'Limited', note: 'Upgrade to create SOPs', action: 'Upgrade Now', tone: 'free' };
  }
}
