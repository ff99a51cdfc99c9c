import { baseEnvSchema, databaseEnvSchema, healthEnvSchema, loadConfig } from '@sopwright/server-kit';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

export const billingEnvSchema = baseEnvSchema
  .extend(databaseEnvSchema.shape)
  .extend(healthEnvSchema.shape)
  .extend({
    /** Stripe's secret API key. Unset: the local test-mode checkout, where nobody pays. */
    STRIPE_SECRET_KEY: optional,
    /** Signing secret of the webhook endpoint (whsec_...); required with STRIPE_SECRET_KEY. */
    STRIPE_WEBHOOK_SECRET: optional,
    /** Another address for Stripe's API (a proxy, or a local server in tests). */
    STRIPE_API_URL: z.url().optional(),
    /**
     * `stripe` (real payments; needs STRIPE_SECRET_KEY) or `test` (the app's own checkout, where
     * nobody pays). Unset: stripe when a key is set, test outside production, else refused.
     */
    PAYMENTS_MODE: z.enum(['stripe', 'test']).optional(),
    /** Public address of the app, where Stripe sends the browser back after checkout and the portal. */
    PUBLIC_URL: z.url().default('http://localhost:8080'),
    /**
     * A credit held this long without being settled is settled by what became of its generation
     * (refunded if it failed or vanished, committed if it finished, kept while it still runs): longer
     * than a generation normally takes, and under a day (how long finished jobs are kept).
     */
    CREDIT_RESERVATION_TTL_MS: z.coerce.number().int().min(1000).max(23 * 3600 * 1000).default(6 * 3600 * 1000),
    /** How often billing looks for such credits. */
    CREDIT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  })
  .refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (Stripe events grant what users pay for)',
  })
  .refine((env) => !(env.PAYMENTS_MODE === 'test' && env.STRIPE_SECRET_KEY), {
    path: ['PAYMENTS_MODE'],
    message: 'PAYMENTS_MODE=test cannot be used with STRIPE_SECRET_KEY: a Stripe key means real payments (set PAYMENTS_MODE=stripe)',
  })
  .refine((env) => !(env.PAYMENTS_MODE === 'stripe' && !env.STRIPE_SECRET_KEY), {
    path: ['STRIPE_SECRET_KEY'],
    message: 'PAYMENTS_MODE=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
  })
  .refine((env) => env.PAYMENTS_MODE !== undefined || env.STRIPE_SECRET_KEY || env.NODE_ENV !== 'production', {
    path: ['PAYMENTS_MODE'],
    message: 'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take payments, or PAYMENTS_MODE=test for the free test-mode checkout where nobody pays',
  });
export type BillingConfig = z.output<typeof billingEnvSchema>;

/** How payments are taken: with a Stripe key, Stripe; otherwise the test-mode checkout (refused in production unless asked for). */
export const paymentsMode = (config: BillingConfig): 'stripe' | 'test' => config.PAYMENTS_MODE ?? (config.STRIPE_SECRET_KEY ? 'stripe' : 'test');

export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env): BillingConfig => loadConfig(billingEnvSchema, env);

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
