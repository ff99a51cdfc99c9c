export type BillingInterval = 'month' | 'year';

/** Spec §9: the Starter Pack as the pricing page states it. */
export const starterPlan = {
  name: 'Starter Pack',
  price: '$20',
  period: 'one-time',
  features: ['5 credits', 'One credit per SOP generation', 'Credits never expire', 'Export to PDF, DOCX, HTML and Markdown'],
};

/** Spec §9: Pro is $25 a month or $240 a year, which saves $60 a year. */
export const proPlan = {
  name: 'Pro Plan',
  badge: 'Most Popular',
  features: ['Unlimited SOP generation', '80+ templates', 'Custom branding', 'Version history', 'Priority support'],
};

export function proPrice(interval: BillingInterval): { price: string; period: string } {
  return interval === 'year' ? { price: '$240', period: 'per year' } : { price: '$25', period: 'per month' };
}

export const yearlySaving = 'Save $60';

/** Spec §2 and §9: the legacy billing page's single plan. */
export const legacyProFeatures = [
  'Unlimited SOP generation',
  'Unlimited video transcriptions',
  'Export to HTML and PDF',
  'Team collaboration (coming soon)',
  'Priority support',
];
