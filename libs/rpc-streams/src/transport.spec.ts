/**
 * The transport in one process, on a real redis-server: what callers see (answers, errors,
 * timeouts, outages) and what is left in Redis afterwards. Replica crashes and freezes,
 * which need real processes, are in failover.spec.ts.
 */
import 'reflect-metadata';
import { Catch, Controller, Module, type INestMicroservice, type RpcExceptionFilter } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  ClientProxyFactory,
  Ctx,
  EventPattern,
  MessagePattern,
  Payload,
  RpcException,
  Transport,
  type ClientProxy,
  type MicroserviceOptions,
} from '@nestjs/microservices';
import { Redis } from 'ioredis';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { firstValueFrom, lastValueFrom, throwError, timeout, toArray, type Observable } from 'rxjs';
import {
  CONSUMER_GROUP,
  NO_MESSAGE_HANDLER,
  RedisStreamsClient,
  RedisStreamsContext,
  RedisStreamsServer,
  REPLY_STREAM_GLOB,
  redisStreamsClient,
  redisStreamsStrategy,
  requestStreamKey,
  type HandledRequest,
  type RedisStreamsServerOptions,
} from './index';
import { freePort, removeDir, startRedis, transportConnections, waitFor, type TestRedis } from './__fixtures__/support';

const executions = new Map<string, number>();
const events: unknown[] = [];
let lateRuns = 0;

@Controller()
class TestController {
  @MessagePattern('tst.echo')
  echo(@Payload() data: unknown, @Ctx() context: RedisStreamsContext) {
    const id = context.getRequestId?.() ?? 'built-in';
    executions.set(id, (executions.get(id) ?? 0) + 1);
    return { data, requestId: id, pattern: context.getPattern?.(), deliveries: context.getDeliveryCount?.() };
  }

  @MessagePattern('tst.fail')
  fail(@Payload() data: { error: unknown }) {
    return throwError(() => data.error);
  }

  @MessagePattern('tst.throw')
  async throwPlain(@Payload() data: { error: unknown }) {
    throw data.error;
  }

  @MessagePattern('tst.reject')
  reject(@Payload() data: { error: object }) {
    throw new RpcException(data.error);
  }

  @MessagePattern('tst.crash')
  crash() {
    throw new Error('boom');
  }

  @MessagePattern('tst.slow')
  async slow(@Payload() data: { ms: number }) {
    await new Promise((resolve) => setTimeout(resolve, data.ms));
    return 'slow done';
  }

  @MessagePattern('late.work')
  late() {
    lateRuns++;
    return 'ran';
  }

  @EventPattern('tst.happened')
  happened(@Payload() data: unknown) {
    events.push(data);
  }
}

@Module({ controllers: [TestController] })
class TestModule {}

/** What libs/server-kit's RpcErrorFilter does with a thrown `{ code }`: passes it on as it is. */
@Catch()
class PassThroughFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown): Observable<never> {
    return throwError(() => exception);
  }
}

let redis: TestRedis;
let admin: Redis;
const dataDir = join(tmpdir(), `rpc-streams-transport-${process.pid}`);
const open: { close(): unknown }[] = [];

async function startServer(options: Partial<RedisStreamsServerOptions> = {}, withFilter = false): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(TestModule, {
    ...redisStreamsStrategy(redis.url, { blockMs: 500, ...options }),
    logger: false,
  });
  if (withFilter) app.useGlobalFilters(new PassThroughFilter());
  await app.listen();
  open.push(app);
  return app;
}

function startClient(options: Partial<ConstructorParameters<typeof RedisStreamsClient>[0]> = {}): RedisStreamsClient {
  const client = ClientProxyFactory.create(redisStreamsClient(redis.url, { blockMs: 500, ...options })) as RedisStreamsClient;
  open.push(client);
  return client;
}

/** Exactly how libs/server-kit's RpcClient calls a service. */
const call = <T = unknown>(client: ClientProxy, pattern: string, data: unknown, ms = 5_000): Promise<T> =>
  firstValueFrom(client.send<T>(pattern, data).pipe(timeout(ms)));

const caught = (promise: Promise<unknown>): Promise<unknown> => promise.then(
  (value) => {
    throw new Error(`expected a failure, got ${JSON.stringify(value)}`);
  },
  (error: unknown) => error,
);

beforeAll(async () => {
  redis = await startRedis(dataDir, await freePort());
  admin = new Redis(redis.url);
});

afterEach(async () => {
  while (open.length > 0) await open.pop()!.close();
});

afterAll(async () => {
  admin.disconnect();
  await redis.stop();
  await removeDir(dataDir);
});

describe('RedisStreamsServer + RedisStreamsClient', () => {
  it('answers through the client that asked, with the request id, pattern and delivery count in the context', async () => {
    await startServer();
    const client = startClient();
    const answer = await call<{ data: unknown; requestId: string; pattern: string; deliveries: number }>(client, 'tst.echo', { hello: 'world' });
    expect(answer.data).toEqual({ hello: 'world' });
    expect(answer.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(answer.pattern).toBe('tst.echo');
    expect(answer.deliveries).toBe(1);
    expect(executions.get(answer.requestId)).toBe(1);
  });

  describe.each([
    ['Redis Streams', 'streams'],
    ["Nest's Redis transport", 'built-in'],
  ] as const)('errors arrive as the service threw them (%s)', (_label, transport) => {
    const error = { code: 'CONFLICT', detail: 'Already refunded', extra: { nested: [1, 'two', null] } };
    let client: ClientProxy;

    async function serve(withFilter: boolean) {
      if (transport === 'streams') {
        await startServer({}, withFilter);
        client = startClient();
        return;
      }
      const url = new URL(redis.url);
      const options = { host: url.hostname, port: Number(url.port) };
      const app = await NestFactory.createMicroservice<MicroserviceOptions>(TestModule, { transport: Transport.REDIS, options, logger: false });
      if (withFilter) app.useGlobalFilters(new PassThroughFilter());
      await app.listen();
      open.push(app);
      client = ClientProxyFactory.create({ transport: Transport.REDIS, options });
      open.push(client);
    }

    it('with an exception filter that passes errors on (as libs/server-kit RpcErrorFilter)', async () => {
      await serve(true);
      expect(await caught(call(client, 'tst.fail', { error }))).toEqual(error);
      expect(await caught(call(client, 'tst.throw', { error }))).toEqual(error);
    });

    it("with Nest's default filter", async () => {
      await serve(false);
      expect(await caught(call(client, 'tst.reject', { error }))).toEqual(error);
      expect(await caught(call(client, 'tst.fail', { error }))).toEqual({ status: 'error', message: 'Internal server error' });
      expect(await caught(call(client, 'tst.crash', {}))).toEqual({ status: 'error', message: 'Internal server error' });
      // (Nest's Redis transport does not answer at all: nobody subscribes to the channel.)
      if (transport === 'streams') expect(await caught(call(client, 'tst.nothing', {}))).toBe(NO_MESSAGE_HANDLER);
    });
  });

  it('delivers each event to one replica, with no answer', async () => {
    await startServer();
    await startServer();
    const client = startClient();
    events.length = 0;
    await lastValueFrom(client.emit('tst.happened', { n: 1 }), { defaultValue: undefined });
    await lastValueFrom(client.emit('tst.happened', { n: 2 }), { defaultValue: undefined });
    await waitFor('both events', () => events.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
    expect(events).toHaveLength(2);
    expect(await admin.xlen(requestStreamKey('tst'))).toBe(0);
  });

  it('tells onHandled how each request went: answered, failed, without a handler, an event, dropped unrun', async () => {
    const handled: HandledRequest[] = [];
    const client = startClient({ timeoutMs: 300 });
    await client.connect();
    // One request queued past its deadline before any replica runs.
    const expired = caught(call(client, 'tst.slow', { ms: 1 }, 10_000));
    await waitFor('the queued request', async () => (await admin.xlen(requestStreamKey('tst'))) === 1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await startServer({ onHandled: (request) => handled.push(request) }, true);
    await waitFor('the expired request', () => handled.length === 1);
    await expired;

    const fresh = startClient();
    await call(fresh, 'tst.echo', { n: 1 });
    await caught(call(fresh, 'tst.fail', { error: { code: 'CONFLICT' } }));
    await caught(call(fresh, 'tst.nothing', {}));
    await lastValueFrom(fresh.emit('tst.happened', { n: 3 }), { defaultValue: undefined });
    await waitFor('five reports', () => handled.length === 5);
    const seen = handled.map(({ pattern, handled: known, event, outcome, error }) => ({ pattern, known, event, outcome, error }));
    expect(seen).toEqual([
      { pattern: 'tst.slow', known: true, event: false, outcome: 'expired', error: undefined },
      { pattern: 'tst.echo', known: true, event: false, outcome: 'ok', error: undefined },
      { pattern: 'tst.fail', known: true, event: false, outcome: 'error', error: { code: 'CONFLICT' } },
      { pattern: 'tst.nothing', known: false, event: false, outcome: 'no_handler', error: undefined },
      { pattern: 'tst.happened', known: true, event: true, outcome: 'ok', error: undefined },
    ]);
    for (const request of handled) {
      expect(request.durationMs).toBeGreaterThanOrEqual(0);
      expect(request.deliveryCount).toBe(1);
    }
  });

  it('acknowledges requests whose deadline has passed without running them', async () => {
    const client = startClient({ timeoutMs: 300 });
    await client.connect();
    const failures = Array.from({ length: 5 }, () => caught(call(client, 'late.work', {}, 10_000)));
    await waitFor('5 queued requests', async () => (await admin.xlen(requestStreamKey('late'))) === 5);
    await new Promise((resolve) => setTimeout(resolve, 400)); // past every deadline
    await startServer();
    await waitFor('the queue to empty', async () => (await admin.xlen(requestStreamKey('late'))) === 0);
    expect(await admin.xpending(requestStreamKey('late'), CONSUMER_GROUP)).toEqual([0, null, null, null]);
    expect(lateRuns).toBe(0);
    // Nobody answers: the client's own deadline (timeoutMs + 1 s) fails the callers.
    for (const failure of await Promise.all(failures)) expect(failure).toEqual({ code: 'UNAVAILABLE', detail: 'The service did not answer in time' });
    expect(client.pendingCount).toBe(0);
  });

  it('keeps the first answer for a request id and drops later ones', async () => {
    const client = startClient();
    await client.connect();
    const received: unknown[] = [];
    const done = lastValueFrom(client.send('nobody.home', { x: 1 }).pipe(toArray()));
    await waitFor('the request', async () => (await admin.xlen(requestStreamKey('nobody'))) === 1);
    const [[, fields]] = (await admin.xrange(requestStreamKey('nobody'), '-', '+')) as [string, string[]][];
    const id = fields[fields.indexOf('id') + 1]!;
    const reply = (response: string) => JSON.stringify([{ id, response, isDisposed: true }]);
    await admin.xadd(client.replyStream!, '*', 'id', id, 'r', reply('first'));
    await admin.xadd(client.replyStream!, '*', 'id', id, 'r', reply('second'));
    received.push(...(await done));
    await waitFor('the duplicate to be read', () => client.droppedReplies === 1);
    expect(received).toEqual(['first']);
    await waitFor('the reply stream to be emptied', async () => (await admin.xlen(client.replyStream!)) === 0);
    await admin.del(requestStreamKey('nobody'));
  });

  it('runs handlers concurrently', async () => {
    await startServer({ concurrency: 16 });
    const client = startClient();
    const started = Date.now();
    await Promise.all(Array.from({ length: 16 }, () => call(client, 'tst.slow', { ms: 400 })));
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('leaves no connection, reply stream, consumer or request behind after 1000 requests and close', async () => {
    const before = await transportConnections(admin);
    expect(before).toEqual([]);
    const servers = [await startServer(), await startServer()];
    const clients = [startClient(), startClient()];
    let next = 0;
    const answers = new Map<number, number>();
    await Promise.all(
      Array.from({ length: 64 }, async (_, lane) => {
        for (let n = next++; n < 1000; n = next++) {
          const client = clients[lane % 2]!;
          const answer = await call<{ data: { n: number } }>(client, 'tst.echo', { n });
          answers.set(answer.data.n, (answers.get(answer.data.n) ?? 0) + 1);
        }
      }),
    );
    expect(answers.size).toBe(1000);
    expect([...answers.values()].every((count) => count === 1)).toBe(true);
    expect((await transportConnections(admin)).length).toBe(8); // 2 per server, 2 per client
    const consumers = (await admin.xinfo('CONSUMERS', requestStreamKey('tst'), CONSUMER_GROUP)) as unknown[];
    expect(consumers.length).toBeGreaterThanOrEqual(2);

    for (const closeable of [...clients, ...servers]) await closeable.close();
    open.length = 0;
    expect(await transportConnections(admin)).toEqual([]);
    expect(await admin.keys(REPLY_STREAM_GLOB)).toEqual([]);
    expect(await admin.xinfo('CONSUMERS', requestStreamKey('tst'), CONSUMER_GROUP)).toEqual([]);
    expect(await admin.xlen(requestStreamKey('tst'))).toBe(0);
    expect(await admin.xpending(requestStreamKey('tst'), CONSUMER_GROUP)).toEqual([0, null, null, null]);
  });

  it('gives reply streams an expiry that the client keeps pushing out', async () => {
    const client = startClient({ replyTtlMs: 3_000 });
    await client.connect();
    const ttl = await admin.pttl(client.replyStream!);
    expect(ttl).toBeGreaterThan(2_000);
    expect(ttl).toBeLessThanOrEqual(3_000);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await admin.pttl(client.replyStream!)).toBeGreaterThan(1_500);
  });

  it('removes consumers of departed replicas, never one with pending requests', async () => {
    const stream = requestStreamKey('tst');
    await admin.xgroup('CREATE', stream, CONSUMER_GROUP, '0', 'MKSTREAM').catch(() => undefined);
    await admin.xadd(stream, '*', 'packet', '{}'); // a request that a crashed replica holds
    await admin.xreadgroup('GROUP', CONSUMER_GROUP, 'crashed-holding', 'COUNT', 1, 'STREAMS', stream, '>');
    await admin.xreadgroup('GROUP', CONSUMER_GROUP, 'departed-idle', 'COUNT', 1, 'STREAMS', stream, '>');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // claimIdleMs is long, so the held request is not taken over during the test.
    const app = await startServer({ staleConsumerMs: 1_000, claimIdleMs: 60_000 });
    const names = async () =>
      ((await admin.xinfo('CONSUMERS', stream, CONSUMER_GROUP)) as string[][]).map((consumer) => consumer[consumer.indexOf('name') + 1]);
    await waitFor('the idle consumer to go', async () => !(await names()).includes('departed-idle'));
    expect(await names()).toContain('crashed-holding');
    await app.close();
    open.length = 0;
    await admin.del(stream);
  });
});

describe('when Redis goes away', () => {
  let outage: TestRedis;
  const outageDir = join(tmpdir(), `rpc-streams-outage-${process.pid}`);

  beforeAll(async () => {
    outage = await startRedis(outageDir, await freePort());
  });

  afterAll(async () => {
    await outage.stop();
    await removeDir(outageDir);
  });

  it('fails sends fast with UNAVAILABLE, keeps the processes alive and recovers when Redis is back', async () => {
    const server = new RedisStreamsServer({ url: outage.url, blockMs: 500 });
    const app = await NestFactory.createMicroservice<MicroserviceOptions>(TestModule, { strategy: server, logger: false });
    await app.listen();
    const client = new RedisStreamsClient({ url: outage.url, connectTimeoutMs: 500, blockMs: 500 });
    try {
      expect(await call(client, 'tst.slow', { ms: 1 })).toBe('slow done');
      await outage.stop();

      const started = Date.now();
      expect(await caught(call(client, 'tst.slow', { ms: 1 }, 15_000))).toEqual({ code: 'UNAVAILABLE', detail: expect.any(String) });
      expect(Date.now() - started).toBeLessThan(1_500);
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // both sides keep retrying

      await outage.restart();
      await waitFor('answers again', async () => (await call(client, 'tst.slow', { ms: 1 }, 1_000)) === 'slow done', 15_000, 200);
    } finally {
      await client.close();
      await app.close();
    }
    const check = new Redis(outage.url);
    try {
      expect(await transportConnections(check)).toEqual([]);
    } finally {
      check.disconnect();
    }
  });

  it('fails a send within connectTimeoutMs when Redis was never reachable', async () => {
    const client = new RedisStreamsClient({ url: `redis://127.0.0.1:${await freePort()}`, connectTimeoutMs: 300 });
    const started = Date.now();
    try {
      expect(await caught(call(client, 'tst.echo', {}, 15_000))).toEqual({ code: 'UNAVAILABLE', detail: expect.any(String) });
      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await client.close();
    }
  });
});
