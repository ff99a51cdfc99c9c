/** Spec §9: the plans as the pricing page states them. */
export const pricingPlans = [
  {
    name: 'Starter Pack',
    price: '$20',
    period: 'one-time',
    features: ['5 credits', 'One credit per SOP generation', 'Credits never expire'],
  },
  {
    name: 'Pro Plan',
    price: '$25',
    period: 'per month',
    badge: 'Most Popular',
    features: ['Unlimited SOP generation', '80+ templates', 'Custom branding', 'Version history', 'Priority support'],
  },
];

/** Spec §2 and §9: the legacy billing page's single plan. */
export const legacyProFeatures = [
  'Unlimited SOP generation',
  'Unlimited video transcriptions',
  'Export to HTML and PDF',
  'Team collaboration (coming soon)',
  'Priority support',
];
