import { migrateServiceDatabase, ServiceError } from '@sopwright/server-kit';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { BILLING_SCHEMA, createBillingDataSource } from '../database/data-source';
import { BEFORE_ANY_EVENT, entitlements } from '../payments/entitlements';
import { CreditsService } from './credits.service';

/** The ledger at service level, against a real Postgres (started by the jest global setup). */
let dataSource: DataSource;
let credits: CreditsService;

beforeAll(async () => {
  const url = process.env.SOPWRIGHT_SPEC_DATABASE_URL;
  if (!url) throw new Error('SOPWRIGHT_SPEC_DATABASE_URL is not set: the Postgres global setup did not run');
  dataSource = createBillingDataSource(url);
  await dataSource.initialize();
  await migrateServiceDatabase(dataSource, BILLING_SCHEMA);
  credits = new CreditsService(dataSource);
}, 60_000);
afterAll(async () => dataSource?.destroy());

const starterWith = async (amount: number) => {
  const userId = randomUUID();
  await credits.grant(userId, amount, `pack-${userId}`, 'test');
  return userId;
};

describe('CreditsService', () => {
  it('lets exactly one of several reservations racing for the last credit through', async () => {
    const userId = await starterWith(1);
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, (_, index) => credits.reserve(userId, `generation:${index}`)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((each) => each.status === 'rejected')) {
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ code: 'NO_CREDITS' });
    }
    expect(await credits.usage(userId)).toEqual({ planType: 'starter', credits: 0 });
  });

  it('holds one credit per key however often the same generation asks', async () => {
    const userId = await starterWith(3);
    const [first, second] = await Promise.all([credits.reserve(userId, 'generation:same'), credits.reserve(userId, 'generation:same')]);
    expect(first.reservationId).toBe(second.reservationId);
    expect(await credits.usage(userId)).toEqual({ planType: 'starter', credits: 2 });
  });

  it('refunds once however often a refund is delivered, and never commits a refunded hold', async () => {
    const userId = await starterWith(2);
    const held = await credits.reserve(userId, 'generation:refunded');
    await Promise.all([credits.refund(held.reservationId), credits.refund(held.reservationId), credits.refund(held.reservationId)]);
    expect(await credits.usage(userId)).toEqual({ planType: 'starter', credits: 2 });
    await expect(credits.commit(held.reservationId)).rejects.toEqual(new ServiceError('CONFLICT', 'Reservation is already refunded'));
  });

  it('sweeps back holds older than the cut-off, and only those', async () => {
    const userId = await starterWith(3);
    const old = await credits.reserve(userId, 'generation:old');
    const committed = await credits.reserve(userId, 'generation:done');
    await credits.commit(committed.reservationId);
    await dataSource.query(`UPDATE billing.credit_reservations SET created_at = now() - interval '2 hours' WHERE id = ANY($1)`, [[old.reservationId, committed.reservationId]]);
    const recent = await credits.reserve(userId, 'generation:recent');
    await credits.refundAbandoned(new Date(Date.now() - 3600_000));
    const statuses = await dataSource.query<{ id: string; status: string }[]>('SELECT id, status FROM billing.credit_reservations WHERE user_id = $1', [userId]);
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [old.reservationId]: 'refunded',
      [committed.reservationId]: 'committed',
      [recent.reservationId]: 'reserved',
    });
    expect(await credits.usage(userId)).toEqual({ planType: 'starter', credits: 1 });
  });

  it('records Pro generations without the ledger: idempotent per key, settled once, nothing charged', async () => {
    const userId = randomUUID();
    await credits.setPlan(userId, 'pro', 'test');
    const [first, second] = await Promise.all([credits.reserve(userId, 'generation:pro'), credits.reserve(userId, 'generation:pro')]);
    expect(first).toEqual({ reservationId: second.reservationId, status: 'reserved', charged: false });
    const commits = await Promise.all([credits.commit(first.reservationId), credits.commit(first.reservationId)]);
    expect(commits.map((commit) => commit.status)).toEqual(['committed', 'committed']);
    await expect(credits.refund(first.reservationId)).rejects.toMatchObject({ code: 'CONFLICT' });
    const failed = await credits.reserve(userId, 'generation:pro-failed');
    expect(await credits.refund(failed.reservationId)).toMatchObject({ status: 'refunded', charged: false });
    expect(await credits.usage(userId)).toEqual({ planType: 'pro', credits: 0 });
  });

  it('takes the locked path when a Pro subscription may have lapsed, and charges by the plan it finds', async () => {
    const userId = await starterWith(1);
    const subscription = { id: `sub_${userId}`, provider: 'local' as const, product: 'pro-month' as const, cancelAtPeriodEnd: true };
    // A local (test-mode) subscription cancelled at its period end, and that end has since passed.
    await dataSource.transaction((manager) =>
      entitlements.subscriptionChanged(manager, userId, { ...subscription, status: 'active', currentPeriodEnd: new Date(Date.now() + 60_000) }, new Date()),
    );
    await dataSource.query(`UPDATE billing.subscriptions SET current_period_end = now() - interval '1 minute' WHERE user_id = $1`, [userId]);
    // Still Pro on record until something reconciles it.
    expect((await dataSource.query('SELECT plan_type FROM billing.accounts WHERE user_id = $1', [userId]))[0]).toEqual({ plan_type: 'pro' });
    const held = await credits.reserve(userId, 'generation:after-lapse');
    expect(held.charged).toBe(true);
    expect(await credits.usage(userId)).toEqual({ planType: 'starter', credits: 0 });
  });

  it('applies subscription events in the order they happened, whatever order they arrive in', async () => {
    const userId = await starterWith(1);
    const subscription = { id: `sub_${userId}`, provider: 'stripe' as const, product: 'pro-month' as const, cancelAtPeriodEnd: false };
    const now = Date.now();
    await dataSource.transaction((manager) =>
      entitlements.subscriptionChanged(manager, userId, { ...subscription, status: 'canceled', currentPeriodEnd: new Date(now - 1000) }, new Date(now)),
    );
    // An older "active" event arriving late changes nothing: the subscription ended.
    await dataSource.transaction((manager) =>
      entitlements.subscriptionChanged(manager, userId, { ...subscription, status: 'active', currentPeriodEnd: new Date(now + 30 * 86_400_000) }, new Date(now - 60_000)),
    );
    await dataSource.transaction((manager) =>
      entitlements.subscriptionChanged(manager, userId, { ...subscription, status: 'active', currentPeriodEnd: null }, BEFORE_ANY_EVENT),
    );
    expect(await credits.usage(userId)).toEqual({ planType: 'starter', credits: 1 });
  });
});
