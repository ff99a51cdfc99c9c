import { z } from 'zod';
import { planTypeSchema } from './account';

export const checkoutUrlResponseSchema = z.object({ url: z.string() });
export type CheckoutUrlResponse = z.infer<typeof checkoutUrlResponseSchema>;

export const proCheckoutRequestSchema = z.object({
  interval: z.enum(['month', 'year'], { error: "Choose a billing interval: 'month' or 'year'" }),
});
export type ProCheckoutRequest = z.infer<typeof proCheckoutRequestSchema>;

/** Legacy billing page body. The acting user always comes from the session, not from here. */
export const legacyCheckoutRequestSchema = z.object({
  userId: z.string().optional(),
  email: z.string().optional(),
});
export type LegacyCheckoutRequest = z.infer<typeof legacyCheckoutRequestSchema>;
export const portalRequestSchema = z.object({ userId: z.string().optional() });
export type PortalRequest = z.infer<typeof portalRequestSchema>;

/** What can be bought (spec §9): the Starter Pack, Pro by month or year, and the legacy $29 Pro. */
export const billingProducts = ['starter', 'pro-month', 'pro-year', 'pro-legacy'] as const;
export const billingProductSchema = z.enum(billingProducts);
export type BillingProduct = z.infer<typeof billingProductSchema>;

/** An order of the local (test mode) checkout, shown on /checkout/:checkoutId. */
export const localCheckoutSchema = z.object({
  id: z.string(),
  product: billingProductSchema,
  name: z.string(),
  /** e.g. '$20 one-time', '$25 per month'. */
  price: z.string(),
  includes: z.array(z.string()),
  status: z.enum(['open', 'completed']),
});
export type LocalCheckout = z.infer<typeof localCheckoutSchema>;

export const subscriptionSummarySchema = z.object({
  interval: z.enum(['month', 'year']),
  price: z.string(),
  /** ISO date the current period ends; null until the provider has said. */
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** True when the local portal can change it (test mode); Stripe subscriptions change in Stripe's portal. */
  managedLocally: z.boolean(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummarySchema>;

/** The local (test mode) billing portal, shown on /billing/portal. */
export const localPortalSchema = z.object({
  planType: planTypeSchema,
  credits: z.number().int().nonnegative(),
  subscription: subscriptionSummarySchema.nullable(),
});
export type LocalPortal = z.infer<typeof localPortalSchema>;

export const stripeWebhookResponseSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
export type StripeWebhookResponse = z.infer<typeof stripeWebhookResponseSchema>;
