import type { BillingProduct } from '@sopwright/contracts';

export interface ProductTerms {
  name: string;
  /** In cents (USD). */
  amount: number;
  /** Absent for one-time purchases. */
  interval?: 'month' | 'year';
  price: string;
  includes: string[];
  /** Credits a paid one-time purchase adds. */
  credits?: number;
}

const proIncludes = ['Unlimited SOP generation', '80+ templates', 'Custom branding', 'Version history', 'Priority support'];

/** Spec §9: what each product costs and gives. */
export const productTerms: Record<BillingProduct, ProductTerms> = {
  starter: {
    name: 'Starter Pack',
    amount: 2000,
    price: '$20 one-time',
    credits: 5,
    includes: ['5 credits', 'One credit per SOP generation', 'Credits never expire'],
  },
  'pro-month': { name: 'Pro Plan (monthly)', amount: 2500, interval: 'month', price: '$25 per month', includes: proIncludes },
  'pro-year': { name: 'Pro Plan (yearly)', amount: 24000, interval: 'year', price: '$240 per year', includes: proIncludes },
  'pro-legacy': {
    name: 'Pro',
    amount: 2900,
    interval: 'month',
    price: '$29 per month',
    includes: ['Unlimited SOP generation', 'Unlimited video transcriptions', 'Export to HTML and PDF', 'Priority support'],
  },
};

export const isSubscription = (product: BillingProduct) => productTerms[product].interval !== undefined;
