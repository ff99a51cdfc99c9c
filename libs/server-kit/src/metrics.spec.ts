import type { ClientProxy } from '@nestjs/microservices';
import { defineMessage } from '@sopwright/contracts';
import type { Job, Queue } from 'bullmq';
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { NEVER, of, throwError } from 'rxjs';
import { z } from 'zod';
import { startHealthServer, startMetricsServer } from './health';
import { httpMetrics } from './http-metrics';
import { routeTemplate } from './route-template';
import { instrumentProcessor, isFinalFailure, unwatchQueue, watchQueue } from './job-metrics';
import { counter, gauge, histogram, initMetrics, metricsRegistry, oneOf, renderMetrics } from './metrics';
import { RpcClient } from './rpc';
import { observeRpcServer } from './rpc-metrics';

type Labels = Record<string, string | number>;

/** The value of one series (`name` may be a histogram's `_count` or `_sum`), 0 when absent. */
async function valueOf(name: string, labels: Labels = {}): Promise<number> {
  for (const metric of await metricsRegistry.getMetricsAsJSON()) {
    for (const value of metric.values as { metricName?: string; labels: Labels; value: number }[]) {
      if ((value.metricName ?? metric.name) !== name) continue;
      if (Object.entries(labels).every(([key, wanted]) => String(value.labels[key]) === String(wanted))) return value.value;
    }
  }
  return 0;
}

/** Runs `act` and returns how much the series grew. */
async function growth(name: string, labels: Labels, act: () => Promise<unknown>): Promise<number> {
  const before = await valueOf(name, labels);
  await act();
  return (await valueOf(name, labels)) - before;
}

const caught = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

describe('the metrics registry', () => {
  it('returns the same metric for the same name, and refuses a name taken by another type', () => {
    const first = counter({ name: 'test_things_total', help: 'Things.', labelNames: ['kind'] });
    expect(counter({ name: 'test_things_total', help: 'Things.', labelNames: ['kind'] })).toBe(first);
    expect(() => gauge({ name: 'test_things_total', help: 'Not a gauge.' })).toThrow(/another type/);
    expect(histogram({ name: 'test_seconds', help: 'Time.' })).toBe(histogram({ name: 'test_seconds', help: 'Time.' }));
  });

  it('labels every series, the process metrics too, with the service', async () => {
    initMetrics('unit');
    counter({ name: 'test_labelled_total', help: 'Labelled.' }).inc();
    const { contentType, body } = await renderMetrics();
    expect(contentType).toMatch(/^text\/plain/);
    expect(body).toContain('test_labelled_total{service="unit"} 1');
    expect(body).toMatch(/^process_cpu_user_seconds_total\{service="unit"\} /m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds\{service="unit"\} /m);
    initMetrics('unit'); // a second call starts no second collector
    expect((await renderMetrics()).body.match(/^# TYPE process_cpu_user_seconds_total/gm)).toHaveLength(1);
  });

  it('keeps label values to a closed set', () => {
    expect(oneOf('pdf', ['pdf', 'docx'])).toBe('pdf');
    expect(oneOf('exe', ['pdf', 'docx'])).toBe('other');
    expect(oneOf(undefined, ['pdf'], 'none')).toBe('none');
  });
});

describe('/metrics on the probe servers', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((server) => server.close()));
  const base = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  it('is served beside the health probes on HEALTH_PORT', async () => {
    const server = await startHealthServer(0, { redis: async () => undefined });
    servers.push(server);
    const response = await fetch(`${base(server)}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toContain('# TYPE process_resident_memory_bytes gauge');
    expect((await fetch(`${base(server)}/health/live`)).status).toBe(200);
  });

  it('is all the gateway\'s metrics port serves', async () => {
    const server = await startMetricsServer(0);
    servers.push(server);
    expect((await fetch(`${base(server)}/metrics`)).status).toBe(200);
    expect((await fetch(`${base(server)}/health/live`)).status).toBe(404);
    expect((await fetch(`${base(server)}/api/health`)).status).toBe(404);
  });
});

describe('HTTP metrics', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const app = express();
    app.use(httpMetrics());
    const api = express.Router();
    api.get('/:id', (req, res) => void res.status(req.params.id === 'missing' ? 404 : 200).json({ id: req.params.id }));
    app.use('/api/things', api);
    app.get('/api/sop/:id', (_req, res) => void res.json({}));
    app.get('/api/health', (_req, res) => void res.json({}));
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, () => resolve(listening));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => server.close());

  const count = (labels: Labels) => valueOf('sopwright_http_request_duration_seconds_count', labels);

  it('labels requests with the route template, never the URL with its ids', async () => {
    const id = '0b5e7c1e-7d0c-4c55-9a0e-3f1e2d4c5b6a';
    const before = await count({ method: 'GET', route: '/api/sop/:id', status: 200 });
    await fetch(`${url}/api/sop/${id}?x=1`);
    await fetch(`${url}/api/sop/another`);
    await fetch(`${url}/api/things/missing`);
    await fetch(`${url}/api/nowhere/${id}`);
    await fetch(`${url}/dashboard`);
    expect((await count({ method: 'GET', route: '/api/sop/:id', status: 200 })) - before).toBe(2);
    expect(await count({ route: '/api/things/:id', status: 404 })).toBeGreaterThanOrEqual(1);
    expect(await count({ route: 'unmatched', status: 404 })).toBeGreaterThanOrEqual(1);
    expect(await count({ route: 'web', status: 404 })).toBeGreaterThanOrEqual(1);
    expect((await renderMetrics()).body).not.toContain(id);
    expect(await valueOf('sopwright_http_requests_in_flight')).toBe(0);
  });

  it('names the route of a request that matched none', () => {
    expect(routeTemplate({ url: '/api/x?y=1' } as never)).toBe('unmatched');
    expect(routeTemplate({ url: '/apiary' } as never)).toBe('web');
    expect(routeTemplate({ url: '/api/sop/1', baseUrl: '', route: { path: '/api/sop/:id' } } as never)).toBe('/api/sop/:id');
  });
});

describe('RPC metrics', () => {
  const ping = defineMessage('unit.things.ping', z.object({}), z.object({ ok: z.boolean() }));
  const clientWith = (reply: () => ReturnType<ClientProxy['send']>) => new RpcClient({ send: reply } as unknown as ClientProxy, 50);
  const calls = (outcome: string) => ({ pattern: 'unit.things.ping', outcome });
  const count = 'sopwright_rpc_client_duration_seconds_count';

  it('times the caller\'s side by pattern and outcome: ok, the error code, timeout', async () => {
    expect(await growth(count, calls('ok'), () => clientWith(() => of({ ok: true })).send(ping, {}))).toBe(1);
    expect(await growth(count, calls('NOT_FOUND'), () => caught(clientWith(() => throwError(() => ({ code: 'NOT_FOUND' }))).send(ping, {})))).toBe(1);
    expect(await growth(count, calls('timeout'), () => caught(clientWith(() => NEVER).send(ping, {})))).toBe(1);
    // The transport's own deadline (should our timeout not fire) is a timeout too.
    const late = () => throwError(() => ({ code: 'UNAVAILABLE', detail: 'The service did not answer in time' }));
    expect(await growth(count, calls('timeout'), () => caught(clientWith(late).send(ping, {})))).toBe(1);
    expect(await growth(count, calls('UNAVAILABLE'), () => caught(clientWith(() => throwError(() => ({ code: 'UNAVAILABLE', detail: 'Redis is unreachable' }))).send(ping, {})))).toBe(1);
    expect(await growth(count, calls('INTERNAL'), () => caught(clientWith(() => of({ wrong: 1 })).send(ping, {})))).toBe(1);
  });

  it('times the handler\'s side, with patterns nobody serves as unknown and errors by code', async () => {
    const server = 'sopwright_rpc_server_duration_seconds_count';
    const handled = { pattern: 'unit.things.ping', handled: true, event: false, durationMs: 12, deliveryCount: 1 };
    expect(await growth(server, calls('ok'), async () => observeRpcServer({ ...handled, outcome: 'ok' }))).toBe(1);
    expect(await growth(server, calls('CONFLICT'), async () => observeRpcServer({ ...handled, outcome: 'error', error: { code: 'CONFLICT', detail: 'x' } }))).toBe(1);
    // Nest's own answer for an exception nobody filtered.
    expect(await growth(server, calls('INTERNAL'), async () => observeRpcServer({ ...handled, outcome: 'error', error: { status: 'error', message: 'Internal server error' } }))).toBe(1);
    expect(await growth(server, calls('expired'), async () => observeRpcServer({ ...handled, outcome: 'expired' }))).toBe(1);
    const stranger = { pattern: 'unknown', outcome: 'no_handler' };
    expect(await growth(server, stranger, async () => observeRpcServer({ ...handled, pattern: 'made.up.9f2c', handled: false, outcome: 'no_handler' }))).toBe(1);
    expect((await renderMetrics()).body).not.toContain('made.up.9f2c');
    expect(await valueOf('sopwright_rpc_server_duration_seconds_sum', calls('ok'))).toBeGreaterThanOrEqual(0.012);
  });
});

describe('job metrics', () => {
  const job = (fields: Partial<Job> = {}) =>
    ({ attemptsMade: 0, attemptsStarted: 1, opts: { attempts: 3 }, timestamp: Date.now() - 4000, delay: 0, processedOn: Date.now(), ...fields }) as Job;

  it('times each attempt by outcome, and the wait of first attempts', async () => {
    const queue = 'unit-queue';
    const duration = (outcome: string) => ({ queue, outcome });
    const succeed = instrumentProcessor(queue, async () => 'done');
    const fail = instrumentProcessor(queue, async () => {
      throw new Error('flaky');
    });
    const unrecoverable = Object.assign(new Error('bad input'), { name: 'UnrecoverableError' });
    const refuse = instrumentProcessor(queue, async () => {
      throw unrecoverable;
    });

    expect(await growth('sopwright_job_duration_seconds_count', duration('completed'), () => succeed(job()))).toBe(1);
    expect(await valueOf('sopwright_job_wait_seconds_sum', { queue })).toBeGreaterThanOrEqual(3.9);
    expect(await growth('sopwright_job_duration_seconds_count', duration('retry'), () => caught(fail(job())))).toBe(1);
    expect(await growth('sopwright_job_duration_seconds_count', duration('failed'), () => caught(fail(job({ attemptsMade: 2, attemptsStarted: 3 }))))).toBe(1);
    expect(await growth('sopwright_job_duration_seconds_count', duration('failed'), () => caught(refuse(job())))).toBe(1);
    // Retries do not count as waits again.
    expect(await valueOf('sopwright_job_wait_seconds_count', { queue })).toBe(3);
    expect(isFinalFailure({ attemptsMade: 0, opts: {} }, new Error('x'))).toBe(true);
  });

  it('samples the depth of watched queues at scrape time, and drops a queue Redis cannot answer for', async () => {
    let healthy = true;
    const oldest = { timestamp: Date.now() - 30_000, delay: 0 };
    const redis = async <T>(answer: T): Promise<T> => {
      if (!healthy) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      return answer;
    };
    const queue = {
      name: 'unit-depth',
      getJobCounts: () => redis({ waiting: 3, prioritized: 1, active: 2, delayed: 0, failed: 5 }),
      getJobs: () => redis([oldest]),
    } as unknown as Queue;
    watchQueue(queue);
    try {
      const body = (await renderMetrics()).body;
      expect(body).toContain('sopwright_queue_jobs{queue="unit-depth",state="waiting",service="unit"} 4');
      expect(body).toContain('sopwright_queue_jobs{queue="unit-depth",state="active",service="unit"} 2');
      expect(body).toContain('sopwright_queue_jobs{queue="unit-depth",state="delayed",service="unit"} 0');
      expect(body).toContain('sopwright_queue_jobs{queue="unit-depth",state="failed",service="unit"} 5');
      expect(await valueOf('sopwright_queue_oldest_waiting_seconds', { queue: 'unit-depth' })).toBeGreaterThanOrEqual(29);
      healthy = false;
      expect((await renderMetrics()).body).not.toContain('queue="unit-depth"');
    } finally {
      unwatchQueue(queue);
    }
    healthy = true;
    expect((await renderMetrics()).body).not.toContain('queue="unit-depth"');
  });
});
