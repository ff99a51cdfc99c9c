import { z } from 'zod';
import { planTypeSchema, usageSchema } from '../http/account';
import { billingProductSchema, checkoutUrlResponseSchema, localCheckoutSchema, localPortalSchema, stripeWebhookResponseSchema } from '../http/billing';
import { pingMessage, uuidSchema } from './common';
import { defineMessage } from './define-message';

const userRef = z.object({ userId: uuidSchema });
/** The session's user: the email prefills the payment page. */
const customerRef = userRef.extend({ email: z.string().email() });
const localCheckoutRef = userRef.extend({ checkoutId: uuidSchema });

/** Idempotency key of one attempt to spend a credit, e.g. a generation job id. */
const idempotencyKey = z.string().min(1).max(200);

export const creditReservationSchema = z.object({
  reservationId: uuidSchema,
  status: z.enum(['reserved', 'committed', 'refunded']),
  /** False on Pro, where nothing is debited. */
  charged: z.boolean(),
});
export type CreditReservation = z.infer<typeof creditReservationSchema>;

export const billingMessages = {
  ping: pingMessage('billing'),
  getUsage: defineMessage('billing.usage.get', userRef, usageSchema),
  /** Takes one credit for `key` (or none on Pro). Free, or Starter at 0 credits, is refused. */
  reserveCredit: defineMessage('billing.credits.reserve', userRef.extend({ key: idempotencyKey }), creditReservationSchema),
  commitCredit: defineMessage('billing.credits.commit', z.object({ reservationId: uuidSchema }), creditReservationSchema),
  refundCredit: defineMessage('billing.credits.refund', z.object({ reservationId: uuidSchema }), creditReservationSchema),
  /** Adds credits once per `key` (a paid checkout, a support grant). */
  grantCredits: defineMessage(
    'billing.credits.grant',
    userRef.extend({ credits: z.number().int().positive().max(10_000), key: idempotencyKey, reason: z.string().max(200) }),
    usageSchema,
  ),
  setPlan: defineMessage('billing.plan.set', userRef.extend({ planType: planTypeSchema, reason: z.string().max(200) }), usageSchema),

  /** A URL the browser goes to for paying: Stripe Checkout, or the local test checkout page. */
  startCheckout: defineMessage('billing.checkout.start', customerRef.extend({ product: billingProductSchema }), checkoutUrlResponseSchema),
  /** A URL of the billing portal: Stripe's, or the local test portal page. */
  openPortal: defineMessage('billing.portal.open', customerRef, checkoutUrlResponseSchema),
  /** A Stripe webhook delivery, verified by the billing service against the raw body it was signed over. */
  handleStripeWebhook: defineMessage(
    'billing.stripe.webhook',
    z.object({ payload: z.string().max(1_000_000), signature: z.string().max(10_000) }),
    stripeWebhookResponseSchema,
  ),
  getLocalCheckout: defineMessage('billing.local.checkout.get', localCheckoutRef, localCheckoutSchema),
  /** Test mode: pays a local order through the same entitlement code as Stripe's webhook. */
  completeLocalCheckout: defineMessage('billing.local.checkout.complete', localCheckoutRef, usageSchema),
  getLocalPortal: defineMessage('billing.local.portal.get', userRef, localPortalSchema),
  cancelLocalSubscription: defineMessage('billing.local.portal.cancel', userRef, localPortalSchema),
  resumeLocalSubscription: defineMessage('billing.local.portal.resume', userRef, localPortalSchema),
} as const;
