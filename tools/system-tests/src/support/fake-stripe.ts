import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** Stripe's form encoding, keys as sent: `line_items[0][price_data][unit_amount]`. */
  form: URLSearchParams;
}

export interface FakeStripe {
  url: string;
  requests: StripeRequest[];
  /** Makes the next request of this path fail with Stripe's error body. */
  failNext(path: string): void;
  close(): Promise<void>;
}

/**
 * A local HTTP server speaking the part of Stripe's API the billing service calls (customers,
 * Checkout Sessions, billing portal sessions), recording each request so tests can check its shape.
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const failing = new Set<string>();
  let counter = 0;

  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://stripe.test').pathname;
      const form = new URLSearchParams(body);
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        form,
      });
      const reply = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++counter}` });
        res.end(JSON.stringify(json));
      };
      if (failing.delete(path)) {
        return reply(400, { error: { type: 'invalid_request_error', message: 'Simulated failure', code: 'parameter_invalid' } });
      }
      const id = ++counter;
      if (req.method === 'POST' && path === '/v1/customers') {
        return reply(200, { id: `cus_test_${id}`, object: 'customer', email: form.get('email'), metadata: {} });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        return reply(200, {
          id: `cs_test_${id}`,
          object: 'checkout.session',
          mode: form.get('mode'),
          url: `https://checkout.stripe.test/c/pay/cs_test_${id}`,
        });
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return reply(200, { id: `bps_test_${id}`, object: 'billing_portal.session', url: `https://billing.stripe.test/p/session/test_${id}` });
      }
      reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext: (path) => failing.add(path),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
