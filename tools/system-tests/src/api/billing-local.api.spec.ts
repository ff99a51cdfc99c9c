import type { CheckoutUrlResponse, LocalCheckout, LocalPortal, Usage } from '@sopwright/contracts';
import { apiRoutes } from '@sopwright/contracts';
import { Client } from 'pg';
import { api, registerUser } from '../support/api';

/** The embedded stack has no Stripe key: payments go through the app's own test-mode checkout. */

const notes = 'First, open the safe. Then count the float. Finally, lock the safe again.';
const usage = async (token: string) => (await api<Usage>('GET', apiRoutes.usage, { token })).body;
const generate = (token: string, title = 'Open the till') => api('POST', '/api/sop/from-text', { token, json: { title, text: notes } });

async function checkout(token: string, path: string, json?: unknown) {
  const started = await api<CheckoutUrlResponse>('POST', path, { token, json });
  expect(started.status).toBe(200);
  const id = /^\/checkout\/([0-9a-f-]{36})$/.exec(started.body.url)?.[1];
  expect(id).toBeDefined();
  return id!;
}

async function sql(text: string, values: unknown[]) {
  const db = new Client({ connectionString: process.env.SOPWRIGHT_TEST_DATABASE_URL });
  await db.connect();
  try {
    return await db.query(text, values);
  } finally {
    await db.end();
  }
}

describe('billing in local test mode', () => {
  it('sells the Starter Pack: 5 credits once, whoever completes the order how often', async () => {
    const buyer = await registerUser();
    const stranger = await registerUser();
    expect(await usage(buyer.token)).toEqual({ planType: 'free', credits: 0 });

    // The body's userId is the legacy client's; the session decides who buys.
    const id = await checkout(buyer.token, apiRoutes.stripe.checkoutStarter, { userId: stranger.user.id });
    const order = await api<LocalCheckout>('GET', apiRoutes.stripe.localCheckout(id), { token: buyer.token });
    expect(order.body).toEqual({
      id,
      product: 'starter',
      name: 'Starter Pack',
      price: '$20 one-time',
      includes: ['5 credits', 'One credit per SOP generation', 'Credits never expire'],
      status: 'open',
    });
    expect(await api('GET', apiRoutes.stripe.localCheckout(id), { token: stranger.token })).toMatchObject({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect((await api('POST', apiRoutes.stripe.completeLocalCheckout(id), { token: stranger.token })).status).toBe(404);
    expect((await api('GET', apiRoutes.stripe.localCheckout('not-an-id'), { token: buyer.token })).status).toBe(404);

    const completions = await Promise.all([1, 2, 3].map(() => api<Usage>('POST', apiRoutes.stripe.completeLocalCheckout(id), { token: buyer.token })));
    for (const completion of completions) expect(completion.body).toEqual({ planType: 'starter', credits: 5 });
    expect((await api<LocalCheckout>('GET', apiRoutes.stripe.localCheckout(id), { token: buyer.token })).body.status).toBe('completed');
    expect(await usage(stranger.token)).toEqual({ planType: 'free', credits: 0 });

    expect((await generate(buyer.token)).status).toBe(201);
    expect(await usage(buyer.token)).toEqual({ planType: 'starter', credits: 4 });
  });

  it('lets exactly one of three generations racing for the last credit through', async () => {
    const user = await registerUser();
    await api('POST', apiRoutes.stripe.completeLocalCheckout(await checkout(user.token, apiRoutes.stripe.checkoutStarter)), { token: user.token });
    for (let i = 0; i < 4; i++) expect((await generate(user.token, `Warm-up ${i}`)).status).toBe(201);
    expect(await usage(user.token)).toEqual({ planType: 'starter', credits: 1 });

    const racing = await Promise.all([1, 2, 3].map((n) => generate(user.token, `Race ${n}`)));
    expect(racing.map((result) => result.status).sort()).toEqual([201, 402, 402]);
    for (const refused of racing.filter((result) => result.status === 402)) {
      expect(refused.body).toMatchObject({ message: 'You have no credits left. Buy more credits or upgrade to Pro.' });
    }
    expect(await usage(user.token)).toEqual({ planType: 'starter', credits: 0 });
  });

  it('runs Pro from checkout through cancellation: unlimited until the period ends, then back to Starter with credits kept', async () => {
    const user = await registerUser();
    await api('POST', apiRoutes.stripe.completeLocalCheckout(await checkout(user.token, apiRoutes.stripe.checkoutStarter)), { token: user.token });
    expect((await generate(user.token)).status).toBe(201);

    const proId = await checkout(user.token, apiRoutes.stripe.checkoutPro, { interval: 'year' });
    expect((await api<LocalCheckout>('GET', apiRoutes.stripe.localCheckout(proId), { token: user.token })).body).toMatchObject({
      product: 'pro-year',
      name: 'Pro Plan (yearly)',
      price: '$240 per year',
    });
    expect((await api<Usage>('POST', apiRoutes.stripe.completeLocalCheckout(proId), { token: user.token })).body).toEqual({ planType: 'pro', credits: 4 });

    // Pro is unlimited: generations take no credits.
    for (let i = 0; i < 3; i++) expect((await generate(user.token, `Pro ${i}`)).status).toBe(201);
    expect(await usage(user.token)).toEqual({ planType: 'pro', credits: 4 });

    // One Pro subscription at a time, whichever page sells it.
    for (const [path, json] of [
      [apiRoutes.stripe.checkoutPro, { interval: 'month' }],
      [apiRoutes.stripe.legacyCheckout, { userId: user.user.id, email: user.email }],
    ] as const) {
      expect(await api('POST', path, { token: user.token, json })).toMatchObject({
        status: 409,
        body: { message: 'You already have an active Pro subscription. Manage it from the billing page.' },
      });
    }

    expect((await api<CheckoutUrlResponse>('POST', apiRoutes.stripe.portal, { token: user.token, json: { userId: 'someone-else' } })).body).toEqual({
      url: '/billing/portal',
    });
    const portal = await api<LocalPortal>('GET', apiRoutes.stripe.localPortal, { token: user.token });
    expect(portal.body).toMatchObject({
      planType: 'pro',
      credits: 4,
      subscription: { interval: 'year', price: '$240 per year', cancelAtPeriodEnd: false, managedLocally: true },
    });
    const renews = new Date(portal.body.subscription!.currentPeriodEnd!).getTime();
    expect(renews - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);

    const cancelled = await api<LocalPortal>('POST', apiRoutes.stripe.cancelLocalSubscription, { token: user.token });
    expect(cancelled.body).toMatchObject({ planType: 'pro', subscription: { cancelAtPeriodEnd: true } });
    expect((await api<LocalPortal>('POST', apiRoutes.stripe.resumeLocalSubscription, { token: user.token })).body.subscription?.cancelAtPeriodEnd).toBe(false);
    await api('POST', apiRoutes.stripe.cancelLocalSubscription, { token: user.token });
    expect(await usage(user.token)).toEqual({ planType: 'pro', credits: 4 });

    // The period ends (moved into the past, as time would): Pro ends, the Starter credits remain.
    await sql(`UPDATE billing.subscriptions SET current_period_end = now() - interval '1 minute' WHERE user_id = $1`, [user.user.id]);
    expect(await usage(user.token)).toEqual({ planType: 'starter', credits: 4 });
    expect((await api<LocalPortal>('GET', apiRoutes.stripe.localPortal, { token: user.token })).body.subscription).toBeNull();
    expect(await api('POST', apiRoutes.stripe.cancelLocalSubscription, { token: user.token })).toMatchObject({
      status: 409,
      body: { message: 'You have no active subscription' },
    });
  });

  it('renews a local subscription nobody cancelled, and takes a free user back to Free when Pro ends', async () => {
    const user = await registerUser();
    const id = await checkout(user.token, apiRoutes.stripe.legacyCheckout, {});
    expect((await api<LocalCheckout>('GET', apiRoutes.stripe.localCheckout(id), { token: user.token })).body).toMatchObject({ product: 'pro-legacy', price: '$29 per month' });
    await api('POST', apiRoutes.stripe.completeLocalCheckout(id), { token: user.token });

    await sql(`UPDATE billing.subscriptions SET current_period_end = now() - interval '1 minute' WHERE user_id = $1`, [user.user.id]);
    const renewed = await api<LocalPortal>('GET', apiRoutes.stripe.localPortal, { token: user.token });
    expect(renewed.body.planType).toBe('pro');
    expect(new Date(renewed.body.subscription!.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now());

    await api('POST', apiRoutes.stripe.cancelLocalSubscription, { token: user.token });
    await sql(`UPDATE billing.subscriptions SET current_period_end = now() - interval '1 minute' WHERE user_id = $1`, [user.user.id]);
    expect(await usage(user.token)).toEqual({ planType: 'free', credits: 0 });
    expect((await generate(user.token)).status).toBe(402);
  });

  it('validates input and needs a session', async () => {
    const user = await registerUser();
    expect(await api('POST', apiRoutes.stripe.checkoutPro, { token: user.token, json: { interval: 'week' } })).toMatchObject({
      status: 400,
      body: { message: "Choose a billing interval: 'month' or 'year'" },
    });
    for (const path of [apiRoutes.stripe.checkoutStarter, apiRoutes.stripe.portal, apiRoutes.stripe.localPortal]) {
      const method = path === apiRoutes.stripe.localPortal ? 'GET' : 'POST';
      expect((await api(method, path)).status).toBe(401);
    }
  });

  it('has no Stripe webhook without a Stripe key', async () => {
    const result = await api('POST', apiRoutes.stripe.webhook, { rawBody: '{"id":"evt_1"}' });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ message: 'The Stripe-Signature header is missing' });
    const signed = await fetch(`${process.env.SOPWRIGHT_TEST_URL}${apiRoutes.stripe.webhook}`, {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=abc', 'content-type': 'application/json' },
      body: '{"id":"evt_1"}',
    });
    expect(signed.status).toBe(404);
    expect(await signed.json()).toMatchObject({ message: 'Stripe is not configured: set STRIPE_SECRET_KEY to receive its webhooks' });
  });
});
