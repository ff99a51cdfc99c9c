import { Client } from 'pg';
import { apiRoutes, type AuthResponse, type StripeWebhookResponse, type Usage } from '@sopwright/contracts';
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { uniqueEmail } from '../support/api';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { freePorts, newDataDir, startLocalStack, stopLocalStack, type LocalStack } from '../support/local-stack';

/**
 * A second stack, configured for Stripe: the billing service talks to a local server speaking
 * Stripe's API, and webhooks are signed with Stripe's own test helper.
 */
const webhookSecret = 'whsec_sopwright_test_secret';
const publicUrl = 'https://sopwright.example';
const sdk = new Stripe('sk_test_only_for_signing');

let stack: LocalStack;
let stripe: FakeStripe;
let ports: Awaited<ReturnType<typeof freePorts>>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  ports = await freePorts();
  stack = await startLocalStack(await newDataDir('stripe'), ports, {
    STRIPE_SECRET_KEY: 'sk_test_sopwright',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_URL: stripe.url,
    PUBLIC_URL: publicUrl,
    SOPWRIGHT_GENERATION_WORKERS: '1',
  });
}, 180_000);

afterAll(async () => {
  await stopLocalStack(stack);
  await stripe?.close();
});

async function call<T>(method: string, path: string, options: { token?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack.url}${path}`, { method, headers, body: options.body ?? (options.json === undefined ? undefined : JSON.stringify(options.json)) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function register() {
  const result = await call<AuthResponse>('POST', apiRoutes.register, { json: { email: uniqueEmail('stripe'), password: 'correct-horse' } });
  expect(result.status).toBe(201);
  return result.body;
}

const usage = async (token: string) => (await call<Usage>('GET', apiRoutes.usage, { token })).body;

let clock = Math.floor(Date.now() / 1000);
function event(type: string, object: Record<string, unknown>, created = ++clock) {
  return { id: `evt_${randomUUID().replaceAll('-', '')}`, object: 'event', api_version: '2026-10-28.endive', created, livemode: false, pending_webhooks: 1, request: null, type, data: { object } };
}

function deliver(payload: object | string, secret = webhookSecret) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const signature = sdk.webhooks.generateTestHeaderString({ payload: body, secret });
  return call<StripeWebhookResponse>('POST', apiRoutes.stripe.webhook, { body, headers: { 'stripe-signature': signature, 'content-type': 'application/json' } });
}

const paidStarterSession = (userId: string) => ({
  id: `cs_test_${randomUUID().slice(0, 8)}`,
  object: 'checkout.session',
  mode: 'payment',
  payment_status: 'paid',
  client_reference_id: userId,
  metadata: { userId, product: 'starter' },
});

function subscription(userId: string, id: string, status: string, extra: Record<string, unknown> = {}) {
  const periodEnd = clock + 30 * 24 * 3600;
  return {
    id,
    object: 'subscription',
    customer: 'cus_unknown',
    status,
    cancel_at_period_end: false,
    cancel_at: null,
    metadata: { userId, product: 'pro-month' },
    items: { object: 'list', data: [{ id: `si_${id}`, object: 'subscription_item', current_period_end: periodEnd, price: { recurring: { interval: 'month' } } }] },
    ...extra,
  };
}

describe('billing with Stripe', () => {
  it('creates Checkout Sessions of the right shape for the session user, reusing one customer', async () => {
    const user = await register();
    const other = await register();
    const starter = await call<{ url: string }>('POST', apiRoutes.stripe.checkoutStarter, { token: user.token, json: { userId: other.user.id } });
    expect(starter).toEqual({ status: 200, body: { url: expect.stringMatching(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/) } });

    const [customer, session] = stripe.requests.slice(-2);
    expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers', authorization: 'Bearer sk_test_sopwright' });
    expect(customer!.idempotencyKey).toBe(`sopwright-customer-${user.user.id}`);
    expect(Object.fromEntries(customer!.form)).toEqual({ email: user.user.email, 'metadata[userId]': user.user.id });
    expect(session!.path).toBe('/v1/checkout/sessions');
    // Keyed on the request's own id: a start redelivered after a replica died opens the same session.
    expect(session!.idempotencyKey).toMatch(/^sopwright-checkout-[0-9a-f-]{36}$/);
    expect(Object.fromEntries(session!.form)).toMatchObject({
      mode: 'payment',
      customer: expect.stringMatching(/^cus_test_/),
      client_reference_id: user.user.id,
      'metadata[userId]': user.user.id,
      'metadata[product]': 'starter',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2000',
      'payment_intent_data[metadata][userId]': user.user.id,
      success_url: `${publicUrl}/dashboard?checkout=success`,
      cancel_url: `${publicUrl}/pricing`,
    });
    const customerId = session!.form.get('customer');

    for (const [path, json, amount, interval, cancelPath] of [
      [apiRoutes.stripe.checkoutPro, { interval: 'month' }, '2500', 'month', '/pricing'],
      [apiRoutes.stripe.checkoutPro, { interval: 'year' }, '24000', 'year', '/pricing'],
      [apiRoutes.stripe.legacyCheckout, { userId: other.user.id, email: other.user.email }, '2900', 'month', '/billing'],
    ] as const) {
      expect((await call('POST', path, { token: user.token, json })).status).toBe(200);
      const sent = stripe.requests.at(-1)!;
      expect(sent.path).toBe('/v1/checkout/sessions');
      expect(Object.fromEntries(sent.form)).toMatchObject({
        mode: 'subscription',
        customer: customerId,
        'line_items[0][price_data][unit_amount]': amount,
        'line_items[0][price_data][recurring][interval]': interval,
        'subscription_data[metadata][userId]': user.user.id,
        cancel_url: `${publicUrl}${cancelPath}`,
      });
    }

    expect((await call<{ url: string }>('POST', apiRoutes.stripe.portal, { token: user.token, json: { userId: other.user.id } })).body.url).toMatch(
      /^https:\/\/billing\.stripe\.test\//,
    );
    expect(Object.fromEntries(stripe.requests.at(-1)!.form)).toEqual({ customer: customerId, return_url: `${publicUrl}/billing` });
    expect(stripe.requests.filter((request) => request.path === '/v1/customers' && request.form.get('metadata[userId]') === user.user.id)).toHaveLength(1);
  });

  it('answers a failing Stripe with a clear error', async () => {
    const user = await register();
    stripe.failNext('/v1/checkout/sessions');
    expect(await call('POST', apiRoutes.stripe.checkoutStarter, { token: user.token })).toMatchObject({
      status: 502,
      body: { message: 'The payment provider could not be reached. Please try again.' },
    });
    expect(await usage(user.token)).toEqual({ planType: 'free', credits: 0 });
  });

  it('accepts only webhooks signed with the endpoint secret over the exact body', async () => {
    const user = await register();
    const paid = event('checkout.session.completed', paidStarterSession(user.user.id));
    expect(await deliver(paid, 'whsec_someone_else')).toMatchObject({ status: 400, body: { message: 'Invalid Stripe signature' } });
    const body = JSON.stringify(paid);
    const signature = sdk.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
    const tampered = body.replace('"paid"', '"paid" ');
    expect((await call('POST', apiRoutes.stripe.webhook, { body: tampered, headers: { 'stripe-signature': signature } })).status).toBe(400);
    expect(await usage(user.token)).toEqual({ planType: 'free', credits: 0 });

    expect(await deliver(paid)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await usage(user.token)).toEqual({ planType: 'starter', credits: 5 });
  });

  it('grants credits once however often, and however concurrently, Stripe delivers an event', async () => {
    const user = await register();
    const session = paidStarterSession(user.user.id);
    const paid = event('checkout.session.completed', session);
    const deliveries = await Promise.all([deliver(paid), deliver(paid), deliver(paid)]);
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(deliveries.filter((d) => d.body.duplicate === false)).toHaveLength(1);
    expect(await deliver(paid)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    // A second event about the same payment (a delayed method settling) is the same purchase.
    await deliver(event('checkout.session.async_payment_succeeded', session));
    expect(await usage(user.token)).toEqual({ planType: 'starter', credits: 5 });

    // An unpaid session (a bank transfer still pending) grants nothing yet.
    const other = await register();
    await deliver(event('checkout.session.completed', { ...paidStarterSession(other.user.id), payment_status: 'unpaid' }));
    expect(await usage(other.token)).toEqual({ planType: 'free', credits: 0 });
  });

  it('refuses to complete, for free, a test-mode order opened before Stripe was configured', async () => {
    const user = await register();
    expect(await usage(user.token)).toEqual({ planType: 'free', credits: 0 });
    const db = new Client({ connectionString: `postgres://postgres:sopwright@127.0.0.1:${ports.SOPWRIGHT_POSTGRES_PORT}/sopwright` });
    await db.connect();
    const order = await db
      .query<{ id: string }>("INSERT INTO billing.local_checkouts (user_id, product) VALUES ($1, 'starter') RETURNING id", [user.user.id])
      .finally(() => db.end());
    const completed = await call('POST', apiRoutes.stripe.completeLocalCheckout(order.rows[0]!.id), { token: user.token });
    expect(completed).toMatchObject({ status: 404, body: { message: 'Test-mode checkout is off: payments go through Stripe' } });
    expect((await call('GET', apiRoutes.stripe.localPortal, { token: user.token })).status).toBe(404);
    expect(await usage(user.token)).toEqual({ planType: 'free', credits: 0 });
  });

  it('acknowledges and ignores signed events whose user id is not one of ours, so Stripe stops retrying', async () => {
    const user = await register();
    for (const userId of ['not-a-uuid', '42', `${user.user.id}x`]) {
      const session = { ...paidStarterSession(user.user.id), client_reference_id: userId, metadata: { userId, product: 'starter' } };
      expect(await deliver(event('checkout.session.completed', session))).toMatchObject({ status: 200, body: { received: true, duplicate: false } });
      expect((await deliver(event('customer.subscription.updated', subscription(userId, `sub_${randomUUID().slice(0, 8)}`, 'active')))).status).toBe(200);
    }
    expect(await usage(user.token)).toEqual({ planType: 'free', credits: 0 });
  });

  it('keeps Pro until a cancelled subscription ends, then returns to Starter with credits kept, whatever order events arrive in', async () => {
    const user = await register();
    await deliver(event('checkout.session.completed', paidStarterSession(user.user.id)));
    const subId = `sub_${randomUUID().slice(0, 8)}`;
    const created = clock + 1;

    // The checkout's completion and the subscription's creation may come in either order.
    await deliver(event('customer.subscription.created', subscription(user.user.id, subId, 'active'), created));
    await deliver(event('checkout.session.completed', { id: 'cs_sub', object: 'checkout.session', mode: 'subscription', payment_status: 'paid', subscription: subId, metadata: { userId: user.user.id, product: 'pro-month' } }));
    expect(await usage(user.token)).toEqual({ planType: 'pro', credits: 5 });

    await deliver(event('customer.subscription.updated', subscription(user.user.id, subId, 'active', { cancel_at_period_end: true }), created + 10));
    expect(await usage(user.token)).toEqual({ planType: 'pro', credits: 5 });

    await deliver(event('customer.subscription.deleted', subscription(user.user.id, subId, 'canceled'), created + 30));
    expect(await usage(user.token)).toEqual({ planType: 'starter', credits: 5 });

    // A retried update from before the deletion arrives late: it must not bring Pro back.
    await deliver(event('customer.subscription.updated', subscription(user.user.id, subId, 'active'), created + 20));
    expect(await usage(user.token)).toEqual({ planType: 'starter', credits: 5 });
  });

  it('ignores an older subscription event that arrives after a newer one', async () => {
    const user = await register();
    const subId = `sub_${randomUUID().slice(0, 8)}`;
    const t = clock + 100;
    clock += 200;
    await deliver(event('customer.subscription.updated', subscription(user.user.id, subId, 'active'), t + 50));
    expect(await usage(user.token)).toEqual({ planType: 'pro', credits: 0 });
    await deliver(event('customer.subscription.created', subscription(user.user.id, subId, 'incomplete'), t));
    expect(await usage(user.token)).toEqual({ planType: 'pro', credits: 0 });
    // Pro ends for a user who never bought credits: back to Free.
    await deliver(event('customer.subscription.deleted', subscription(user.user.id, subId, 'canceled'), t + 60));
    expect(await usage(user.token)).toEqual({ planType: 'free', credits: 0 });
  });

  it('finds the user of a subscription by its Stripe customer when the metadata is missing', async () => {
    const user = await register();
    await call('POST', apiRoutes.stripe.checkoutStarter, { token: user.token });
    const customerId = stripe.requests.findLast((request) => request.path === '/v1/checkout/sessions')!.form.get('customer');
    await deliver(event('customer.subscription.created', subscription(user.user.id, `sub_${randomUUID().slice(0, 8)}`, 'active', { customer: customerId, metadata: {} })));
    expect(await usage(user.token)).toEqual({ planType: 'pro', credits: 0 });
  });
});
