import type { FaqEntry } from '../FaqAccordion';

/** The pricing FAQ (spec §2): credits, upgrading, payment methods and cancelling. */
export const pricingFaq: readonly FaqEntry[] = [
  {
    value: 'credits',
    question: 'How do credits work?',
    answer:
      'Each SOP you generate — from text, a screen recording, an audio description, photos or a video — uses one credit. The Starter Pack gives you 5 credits, and credits never expire. Editing and exporting SOPs is free.',
  },
  {
    value: 'upgrading',
    question: 'Can I upgrade from the Starter Pack to Pro?',
    answer: 'Yes, at any time. Pro gives you unlimited SOP generation, and any credits you have left are kept for later.',
  },
  {
    value: 'payment',
    question: 'Which payment methods do you accept?',
    answer: 'Payments are handled by Stripe: all major credit and debit cards, plus the wallets Stripe offers in your country. We never see or store your card details.',
  },
  {
    value: 'cancelling',
    question: 'How do I cancel Pro?',
    answer:
      'Open Billing and choose Manage Subscription to cancel in the billing portal. You keep Pro until the end of the period you paid for; after that your account returns to your previous plan with any credits you have left.',
  },
];
