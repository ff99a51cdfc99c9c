import type { FaqEntry } from '../FaqAccordion';

/** The legacy billing page's FAQ. */
export const billingFaq: readonly FaqEntry[] = [
  {
    value: 'what',
    question: 'What do I get with Pro?',
    answer: 'Unlimited SOP generation from every source, unlimited video transcriptions, exports to HTML and PDF, and priority support. Team collaboration is coming soon.',
  },
  {
    value: 'billing',
    question: 'How am I billed?',
    answer: 'Pro is $29 per month, charged by Stripe to your card at the start of each month. You can see your invoices in the billing portal.',
  },
  {
    value: 'cancel',
    question: 'Can I cancel at any time?',
    answer: 'Yes. Choose Manage Subscription to cancel; Pro stays active until the end of the month you paid for.',
  },
  {
    value: 'credits',
    question: 'What happens to my Starter credits?',
    answer: 'They are kept. While you are on Pro you do not need them, and they are still there if you return to the Starter Pack.',
  },
];
