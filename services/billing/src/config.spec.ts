import { ConfigError } from '@sopwright/server-kit';
import { loadBillingConfig, paymentsMode } from './config';

const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('payments mode', () => {
  it('takes real payments with a Stripe key, and the test-mode checkout only outside production unless asked for', () => {
    expect(paymentsMode(loadBillingConfig({ NODE_ENV: 'production', ...stripeKeys }))).toBe('stripe');
    expect(paymentsMode(loadBillingConfig({ NODE_ENV: 'development' }))).toBe('test');
    expect(paymentsMode(loadBillingConfig({ NODE_ENV: 'production', PAYMENTS_MODE: 'test' }))).toBe('test');
  });

  it('never falls into test mode silently in production, and never mixes it with a Stripe key', () => {
    expect(() => loadBillingConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENTS_MODE=test for the free test-mode checkout/);
    expect(() => loadBillingConfig({ NODE_ENV: 'production', PAYMENTS_MODE: 'test', ...stripeKeys })).toThrow(/cannot be used with STRIPE_SECRET_KEY/);
    expect(() => loadBillingConfig({ NODE_ENV: 'development', PAYMENTS_MODE: 'stripe' })).toThrow(ConfigError);
  });
});
