import { billingProducts } from '@sopwright/contracts';
import { counter, oneOf } from '@sopwright/server-kit';

/**
 * Billing's own series. Labels are closed sets: operations, plan products, providers and
 * outcomes, never users, orders or Stripe ids.
 */
export const creditsMoved = counter({
  name: 'sopwright_billing_credits_total',
  help: 'Credit reservations by what happened to them: reserved (a generation held a credit), committed (its SOP was saved) or refunded (given back); charged="false" for Pro plans, whose generations hold no credit. Repeated settlements are not counted.',
  labelNames: ['operation', 'charged'] as const,
});

export const creditRefusals = counter({
  name: 'sopwright_billing_credit_refusals_total',
  help: 'Generations refused a credit, by reason (PLAN_REQUIRED, NO_CREDITS).',
  labelNames: ['reason'] as const,
});

export const abandonedRefunds = counter({
  name: 'sopwright_billing_abandoned_refunds_total',
  help: 'Held credits the sweeper refunded because nothing settled them within CREDIT_RESERVATION_TTL_MS and their generation job failed or is gone; also counted as refunded in sopwright_billing_credits_total.',
});

export const checkouts = counter({
  name: 'sopwright_billing_checkouts_total',
  help: 'Checkouts opened, by provider (stripe, test), product and outcome: started, refused (e.g. a second subscription) or failed (the provider failed).',
  labelNames: ['provider', 'product', 'outcome'] as const,
});

export const payments = counter({
  name: 'sopwright_billing_payments_total',
  help: 'Payments by provider (stripe, test), product and outcome: paid (credits or Pro granted), pending (Stripe: a delayed payment method, settled by a later event) or ignored (Stripe: an event for no Sopwright user or product).',
  labelNames: ['provider', 'product', 'outcome'] as const,
});

export const stripeWebhooks = counter({
  name: 'sopwright_billing_stripe_webhooks_total',
  help: 'Stripe webhook deliveries by outcome: applied, duplicate (already applied), invalid_signature, not_configured or failed (not stored: Stripe retries it).',
  labelNames: ['outcome'] as const,
});

/** A product label: one of the contract's products, else `other`. */
export const productLabel = (product: unknown): string => oneOf(product, billingProducts);
