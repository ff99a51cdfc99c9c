import Stripe from 'stripe';
import type { BillingConfig } from '../../config';

/** The Stripe SDK, pointed at STRIPE_API_URL when set (the SDK's host/port/protocol options). */
export function createStripeClient(config: BillingConfig): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Sopwright' },
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'https:' ? 443 : 80),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}

export const STRIPE_CLIENT = Symbol('STRIPE_CLIENT');
