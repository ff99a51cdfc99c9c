import type { SubscriptionSummary } from '@sopwright/contracts';
import { isNotFound, periodEndLine, planName, portalAction } from './portal-model';

const subscription = (overrides: Partial<SubscriptionSummary> = {}): SubscriptionSummary => ({
  interval: 'year',
  price: '$240 per year',
  currentPeriodEnd: '2026-03-01T00:00:00.000Z',
  cancelAtPeriodEnd: false,
  managedLocally: true,
  ...overrides,
});
const day = (iso: string) => iso.slice(0, 10);

describe('planName', () => {
  it('names each plan as the portal shows it', () => {
    expect(planName('free')).toBe('Free');
    expect(planName('starter')).toBe('Starter Pack');
    expect(planName('pro')).toBe('Pro');
  });
});

describe('portalAction', () => {
  it('offers cancelling an active local subscription and resuming a cancelled one', () => {
    expect(portalAction(subscription())).toBe('cancel');
    expect(portalAction(subscription({ cancelAtPeriodEnd: true }))).toBe('resume');
  });

  it('offers nothing for a Stripe-managed subscription or none at all', () => {
    expect(portalAction(subscription({ managedLocally: false }))).toBe('managed-elsewhere');
    expect(portalAction(null)).toBe('none');
  });
});

describe('periodEndLine', () => {
  it("says 'Renews on' until cancelled, then 'Ends on'", () => {
    expect(periodEndLine(subscription(), day)).toBe('Renews on 2026-03-01');
    expect(periodEndLine(subscription({ cancelAtPeriodEnd: true }), day)).toBe('Ends on 2026-03-01');
  });

  it('says nothing without a subscription or a known period end', () => {
    expect(periodEndLine(null, day)).toBeNull();
    expect(periodEndLine(subscription({ currentPeriodEnd: null }), day)).toBeNull();
  });
});

describe('isNotFound', () => {
  it('recognises only a 404 answer', () => {
    expect(isNotFound({ status: 404, data: { statusCode: 404, message: 'Checkout not found', error: 'Not Found' } })).toBe(true);
    expect(isNotFound({ status: 500, data: {} })).toBe(false);
    expect(isNotFound({ status: 'FETCH_ERROR', error: 'offline' })).toBe(false);
    expect(isNotFound(undefined)).toBe(false);
  });
});
