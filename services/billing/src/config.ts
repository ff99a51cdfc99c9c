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
    /** Public address of the app, where Stripe sends the browser back after checkout and the portal. */
    PUBLIC_URL: z.url().default('http://localhost:8080'),
    /** A credit held this long without being settled is refunded: longer than any generation can run, retries included. */
    CREDIT_RESERVATION_TTL_MS: z.coerce.number().int().min(1000).default(6 * 3600 * 1000),
    /** How often billing looks for such credits. */
    CREDIT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
  })
  .refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET, {
    path: ['STRIPE_WEBHOOK_SECRET'],
    message: 'STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set (Stripe events grant what users pay for)',
  });
export type BillingConfig = z.output<typeof billingEnvSchema>;

export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env): BillingConfig => loadConfig(billingEnvSchema, env);

export const BILLING_CONFIG = Symbol('BILLING_CONFIG');
