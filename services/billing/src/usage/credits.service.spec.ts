import { generationJob, generationReservationKey } from '@sopwright/contracts';
import { migrateServiceDatabase, ServiceError } from '@sopwright/server-kit';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import type { DataSource } from 'typeorm';
import { BILLING_SCHEMA, createBillingDataSource } from '../database/data-source';
import { BEFORE_ANY_EVENT, entitlements } from '../payments/entitlements';
import { CreditsService } from './credits.service';
import { GenerationQueueFates } from './generation-fates';

/** The ledger at service level, against a real Postgres and Redis (started by the jest global setup). */
let dataSource: DataSource;
let credits: CreditsService;

let redisUrl: string;
let generationQueue: Queue;
let fates: GenerationQueueFates;

beforeAll(async () => {
  const url = process.env.SOPWRIGHT_SPEC_DATABASE_URL;
  if (!url) throw new Error('SOPWRIGHT_SPEC_DATABASE_URL is not set: the Postgres global setup did not run');
  redisUrl = process.env.SOPWRIGHT_SPEC_REDIS_URL ?? '';
  if (!redisUrl) throw new Error('SOPWRIGHT_SPEC_REDIS_URL is not set: the Redis global setup did not run');
  generationQueue = new Queue(generationJob.queue, { connection: { url: redisUrl } });
  fates = new GenerationQueueFates({ REDIS_URL: redisUrl });
  dataSource = createBillingDataSource(url);
  await dataSource.initialize();
  await migrateServiceDatabase(dataSource, BILLING_SCHEMA);
  credits = new CreditsService(dataSource);
}, 60_000);
afterAll(async () => {
  await fates?.onApplicationShutdown();
  await generationQueue?.close();
  await dataSource?.destroy();
});

async function until(condition: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not done in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

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

  it('settles holds older than the cut-off by their generation: refunded when gone, committed when finished, kept while running', async () => {
    const userId = await starterWith(6);
    const jobs = { running: `${userId}_running`, finished: `${userId}_finished`, failed: `${userId}_failed`, vanished: `${userId}_vanished`, settled: `${userId}_settled` };
    const holds = Object.fromEntries(await Promise.all(Object.entries(jobs).map(async ([name, jobId]) => [name, (await credits.reserve(userId, generationReservationKey(jobId))).reservationId]))) as Record<keyof typeof jobs, string>;
    await credits.commit(holds.settled);
    const recent = await credits.reserve(userId, generationReservationKey(`${userId}_recent`));
    await dataSource.query(`UPDATE billing.credit_reservations SET created_at = now() - interval '2 hours' WHERE id = ANY($1)`, [Object.values(holds)]);

    // The generation queue as the generation service leaves it: one job finished, one failed for good, one still waiting for a worker.
    await generationQueue.add(generationJob.name, {}, { jobId: jobs.finished });
    await generationQueue.add(generationJob.name, {}, { jobId: jobs.failed });
    const worker = new Worker(generationJob.queue, async (job) => {
      if (job.id === jobs.failed) throw new UnrecoverableError('could not generate');
      return { sopId: randomUUID() };
    }, { connection: { url: redisUrl }, autorun: true });
    await until(async () => (await generationQueue.getJobState(jobs.finished)) === 'completed' && (await generationQueue.getJobState(jobs.failed)) === 'failed');
    await worker.close();
    await generationQueue.add(generationJob.name, {}, { jobId: jobs.running });

    // Delivered twice, as two billing replicas sweeping at once would.
    const sweeps = await Promise.all([credits.settleAbandoned(new Date(Date.now() - 3600_000), fates), credits.settleAbandoned(new Date(Date.now() - 3600_000), fates)]);
    expect(sweeps.reduce((sum, sweep) => ({ refunded: sum.refunded + sweep.refunded, committed: sum.committed + sweep.committed }))).toEqual({ refunded: 2, committed: 1 });
    const statuses = await dataSource.query<{ id: string; status: string }[]>('SELECT id, status FROM billing.credit_reservations WHERE user_id = $1', [userId]);
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [holds.running]: 'reserved',
      [holds.finished]: 'committed',
      [holds.failed]: 'refunded',
      [holds.vanished]: 'refunded',
      [holds.settled]: 'committed',
      [recent.reservationId]: 'reserved',
    });
    // Six granted: the two gone are back; committed, running and recent holds still count.
    expect(await credits.usage(userId)).toEqual({ planType: 'starter', credits: 2 });
  });

  it('pages past holds whose generation still runs, so they never hide the lost ones after them', async () => {
    const userId = await starterWith(3);
    const jobs = [`${userId}_slow-1`, `${userId}_slow-2`, `${userId}_lost`];
    const holds = [];
    for (const jobId of jobs) holds.push((await credits.reserve(userId, generationReservationKey(jobId))).reservationId);
    await dataSource.query(`UPDATE billing.credit_reservations SET created_at = now() - interval '2 hours' + (interval '1 second' * array_position($1::uuid[], id)) WHERE id = ANY($1)`, [holds]);
    for (const jobId of jobs.slice(0, 2)) await generationQueue.add(generationJob.name, {}, { jobId });
    // Two to a page: the first page holds only running generations (this user's, and any an earlier test left running).
    const sweep = await credits.settleAbandoned(new Date(Date.now() - 3600_000), fates, 2);
    expect(sweep).toEqual({ refunded: 1, committed: 0 });
    const statuses = await dataSource.query<{ id: string; status: string }[]>('SELECT id, status FROM billing.credit_reservations WHERE user_id = $1', [userId]);
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [holds[0]!]: 'reserved', [holds[1]!]: 'reserved', [holds[2]!]: 'refunded' });
  });

  it('leaves every hold as it is while the generation queue cannot be read', async () => {
    const userId = await starterWith(1);
    const held = await credits.reserve(userId, generationReservationKey(`${userId}_unknown`));
    await dataSource.query(`UPDATE billing.credit_reservations SET created_at = now() - interval '2 hours' WHERE id = $1`, [held.reservationId]);
    const unreachable = new GenerationQueueFates({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    try {
      await expect(credits.settleAbandoned(new Date(Date.now() - 3600_000), unreachable)).rejects.toThrow();
    } finally {
      await unreachable.onApplicationShutdown();
    }
    expect((await dataSource.query('SELECT status FROM billing.credit_reservations WHERE id = $1', [held.reservationId]))[0].status).toBe('reserved');
    expect(await credits.usage(userId)).toEqual({ planType: 'starter', credits: 0 });
  }, 20_000);

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
