import { billingMessages } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import { api, registerUser } from '../support/api';
import { closeServices, services } from '../support/services';

afterAll(closeServices);

const usageOf = async (token: string) => (await api<{ planType: string; credits: number }>('GET', '/api/usage', { token })).body;

describe('usage and credits', () => {
  it('starts a new user on the free plan with no credits', async () => {
    const alice = await registerUser();
    expect(await usageOf(alice.token)).toEqual({ planType: 'free', credits: 0 });
  });

  it('refuses to reserve on the free plan', async () => {
    const alice = await registerUser();
    await expect(services().send(billingMessages.reserveCredit, { userId: alice.user.id, key: 'gen-1' })).rejects.toMatchObject({
      code: 'PLAN_REQUIRED',
    });
  });

  it('grants once per key, moving a free user to Starter', async () => {
    const alice = await registerUser();
    const grant = { userId: alice.user.id, credits: 5, key: 'checkout-1', reason: 'Starter Pack' };
    await Promise.all([services().send(billingMessages.grantCredits, grant), services().send(billingMessages.grantCredits, grant)]);
    expect(await usageOf(alice.token)).toEqual({ planType: 'starter', credits: 5 });
  });

  it('lets exactly one of two reservations racing for the last credit win', async () => {
    const alice = await registerUser();
    await services().send(billingMessages.grantCredits, { userId: alice.user.id, credits: 1, key: 'one', reason: 'test' });
    const results = await Promise.allSettled([
      services().send(billingMessages.reserveCredit, { userId: alice.user.id, key: 'job-a' }),
      services().send(billingMessages.reserveCredit, { userId: alice.user.id, key: 'job-b' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ServiceError);
    expect(rejected.reason.code).toBe('NO_CREDITS');
    expect(await usageOf(alice.token)).toEqual({ planType: 'starter', credits: 0 });
  });

  it('is idempotent by key: retries never charge twice, refunds return once', async () => {
    const alice = await registerUser();
    await services().send(billingMessages.grantCredits, { userId: alice.user.id, credits: 3, key: 'pack', reason: 'test' });
    const first = await services().send(billingMessages.reserveCredit, { userId: alice.user.id, key: 'job-1' });
    const retry = await services().send(billingMessages.reserveCredit, { userId: alice.user.id, key: 'job-1' });
    expect(retry.reservationId).toBe(first.reservationId);
    expect((await usageOf(alice.token)).credits).toBe(2);

    await services().send(billingMessages.refundCredit, { reservationId: first.reservationId });
    await services().send(billingMessages.refundCredit, { reservationId: first.reservationId });
    expect((await usageOf(alice.token)).credits).toBe(3);
    await expect(services().send(billingMessages.commitCredit, { reservationId: first.reservationId })).rejects.toMatchObject({ code: 'CONFLICT' });

    const second = await services().send(billingMessages.reserveCredit, { userId: alice.user.id, key: 'job-2' });
    const committed = await services().send(billingMessages.commitCredit, { reservationId: second.reservationId });
    expect(committed).toMatchObject({ status: 'committed', charged: true });
    expect((await usageOf(alice.token)).credits).toBe(2);
  });

  it('never charges on Pro and keeps leftover credits', async () => {
    const alice = await registerUser();
    await services().send(billingMessages.grantCredits, { userId: alice.user.id, credits: 2, key: 'pack', reason: 'test' });
    await services().send(billingMessages.setPlan, { userId: alice.user.id, planType: 'pro', reason: 'test' });
    const reservation = await services().send(billingMessages.reserveCredit, { userId: alice.user.id, key: 'job' });
    expect(reservation.charged).toBe(false);
    expect(await usageOf(alice.token)).toEqual({ planType: 'pro', credits: 2 });
  });
});
