import { billingMessages, generationJob, messages, sopMessages } from '@sopwright/contracts';
import { Queue } from 'bullmq';
import Redis from 'ioredis';
import { Client } from 'pg';
import { api, registerUser } from '../support/api';
import { eventually, startFaultStack, type FaultStack } from './fault-stack';

/**
 * Money under faults: a held credit is settled exactly once whatever dies meanwhile, and
 * the local stack brings back whatever was killed.
 */
let faults: FaultStack;

beforeAll(async () => {
  // Short locks and sweeps, so faults resolve in seconds rather than minutes.
  faults = await startFaultStack({
    GENERATION_LOCK_MS: '10000',
    CREDIT_SWEEP_INTERVAL_MS: '1000',
    CREDIT_RESERVATION_TTL_MS: '5000',
    // The defaults, which the main test stack raises.
    AUTH_ATTEMPTS_PER_ADDRESS: '100',
    AUTH_SIGN_UPS_PER_ADDRESS: '20',
    // An outage is reported within seconds.
    RPC_TIMEOUT_MS: '3000',
  });
}, 240_000);
afterAll(async () => faults?.stop(), 120_000);

async function ledgerOf(userId: string) {
  const client = new Client({ connectionString: faults.env.DATABASE_URL });
  await client.connect();
  try {
    const reservations = await client.query<{ status: string; count: number }>(
      'SELECT status, count(*)::int AS count FROM billing.credit_reservations WHERE user_id = $1 GROUP BY status',
      [userId],
    );
    const refunds = await client.query<{ count: number }>("SELECT count(*)::int AS count FROM billing.credit_entries WHERE user_id = $1 AND kind = 'refund'", [userId]);
    return { reservations: Object.fromEntries(reservations.rows.map((row) => [row.status, row.count])), refunds: refunds.rows[0]!.count };
  } finally {
    await client.end();
  }
}

const usageOf = async (token: string) => (await api('GET', '/api/usage', { token })).body;

it('gives every held credit back when Postgres is down as generations fail for the last time', async () => {
  const { token, user } = await registerUser();
  await faults.rpc.send(billingMessages.grantCredits, { userId: user.id, credits: 5, key: 'faults-pack', reason: 'test' });
  const worker = faults.process('generation');
  const postgres = faults.process('postgres');
  const connection = new Redis(faults.env.REDIS_URL!, { maxRetriesPerRequest: null });
  const queue = new Queue(generationJob.queue, { connection });

  // Workers frozen: five generations hold their credits and wait in the queue.
  await worker.signal('SIGSTOP');
  let answers: Promise<{ status: number; body: unknown }>[];
  try {
    answers = Array.from({ length: 5 }, (_, index) =>
      api('POST', '/api/sop/from-text', { token, json: { title: `Fault ${index}`, text: 'Open the valve. Check the pressure. Close the valve.' } }),
    );
    await eventually(async () => expect(await queue.getWaitingCount()).toBe(5));
    expect(await usageOf(token)).toEqual({ planType: 'starter', credits: 0 });
    // Postgres dies and stays down while every attempt of every generation fails.
    await postgres.hold();
    await postgres.signal('SIGKILL');
  } finally {
    await worker.signal('SIGCONT');
  }
  const results = await Promise.all(answers);
  expect(results.map((result) => result.status)).toEqual([422, 422, 422, 422, 422]);
  expect(results[0]!.body).toMatchObject({ message: 'We could not generate this SOP. Please try again.' });

  await postgres.release();
  await eventually(async () => expect(await usageOf(token)).toEqual({ planType: 'starter', credits: 5 }), 90_000, 1000);
  expect(await ledgerOf(user.id)).toEqual({ reservations: { refunded: 5 }, refunds: 5 });
  await queue.close();
  connection.disconnect();
}, 180_000);

it('gives back a credit held by a generation that was lost', async () => {
  const { token, user } = await registerUser();
  await faults.rpc.send(billingMessages.grantCredits, { userId: user.id, credits: 1, key: 'lost-pack', reason: 'test' });
  // Held, then never settled: as if the job vanished with a Redis that lost its data.
  await faults.rpc.send(billingMessages.reserveCredit, { userId: user.id, key: 'generation:lost' });
  expect(await usageOf(token)).toEqual({ planType: 'starter', credits: 0 });
  await eventually(async () => expect(await usageOf(token)).toEqual({ planType: 'starter', credits: 1 }), 30_000, 500);
  expect(await ledgerOf(user.id)).toEqual({ reservations: { refunded: 1 }, refunds: 1 });
}, 60_000);

it('brings back a killed service, Redis and Postgres by itself', async () => {
  const { email, password } = await registerUser();
  const login = async () => expect((await api('POST', '/api/auth/login', { json: { email, password } })).status).toBe(200);
  for (const name of ['auth', 'redis', 'postgres']) {
    const target = faults.process(name);
    const before = await target.restarts();
    await target.signal('SIGKILL');
    // Postgres serves a moment before its start-up finishes, so both are waited for.
    await eventually(async () => {
      await login();
      expect(await target.restarts()).toBe(before + 1);
    }, 60_000, 500);
  }
}, 180_000);

describe('sign-in throttling', () => {
  const from = (address: string, path: string, json: unknown) =>
    fetch(`${process.env.SOPWRIGHT_TEST_URL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(json),
    });

  it('stops password guessing on an account from one address, and the owner still gets in from another', async () => {
    const { email, password } = await registerUser();
    for (let attempt = 1; attempt <= 10; attempt++) expect((await from('198.51.100.1', '/api/auth/login', { email, password: `guess-${attempt}` })).status).toBe(401);
    for (const tried of ['guess-11', password]) {
      const refused = await from('198.51.100.1', '/api/auth/login', { email, password: tried });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    }
    expect((await from('198.51.100.2', '/api/auth/login', { email, password })).status).toBe(200);
  }, 60_000);

  it('limits sign-ups from one address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++) {
      statuses.push((await from('198.51.100.3', '/api/auth/register', { email: `flood-${index}-${Date.now()}@example.com`, password: 'correct-horse' })).status);
    }
    expect(statuses).toEqual([...Array(20).fill(201), 429]);
    expect((await from('198.51.100.4', '/api/auth/register', { email: `other-${Date.now()}@example.com`, password: 'correct-horse' })).status).toBe(201);
  }, 60_000);
});

/** A team workspace with a branded name, one SOP and a share link to it. */
async function teamWithSharedSop() {
  const owner = await registerUser();
  const { body: workspace } = await api<{ id: string }>('POST', '/api/workspaces', { token: owner.token, json: { name: 'Kitchen' } });
  await api('PUT', `/api/workspaces/${workspace.id}/branding`, { token: owner.token, json: { companyName: 'Before the outage' } });
  const sop = await faults.rpc.send(sopMessages.create, { ownerId: workspace.id, title: 'Clean the fryer', sourceType: 'text', origin: 'text', steps: [{ title: 'Drain the oil', details: '' }], transcript: null });
  const { body: link } = await api<{ token: string }>('POST', `/api/sop/${sop.id}/share-links`, { token: owner.token, json: {} });
  return { owner, workspaceId: workspace.id, sopId: sop.id, shareToken: link.token };
}

describe('outages answer a clear 503 quickly, never a 500 or a hang', () => {
  const timed = async (method: string, path: string, options: Parameters<typeof api>[2] = {}) => {
    const started = Date.now();
    const result = await api(method, path, options);
    return { status: result.status, body: result.body, ms: Date.now() - started };
  };
  const unavailable = { statusCode: 503, message: messages.serviceUnavailable, error: 'Service Unavailable' };

  it('while Postgres is down', async () => {
    const { token, email, password } = await registerUser();
    const postgres = faults.process('postgres');
    await postgres.hold();
    await postgres.signal('SIGKILL');
    try {
      for (const [method, path, options] of [
        ['GET', '/api/sop', { token }],
        ['GET', '/api/usage', { token }],
        ['POST', '/api/auth/login', { json: { email, password } }],
        ['GET', '/api/health', {}],
      ] as const) {
        const result = await timed(method, path, options);
        expect([path, result.status]).toEqual([path, 503]);
        if (path !== '/api/health') expect(result.body).toEqual(unavailable);
        expect(result.ms).toBeLessThan(10_000);
      }
      // The gateway itself stays ready: it answers each request, and the services' outage is per request.
      expect((await api('GET', '/api/health/ready')).status).toBe(200);
    } finally {
      await postgres.release();
    }
    await eventually(async () => expect((await api('GET', '/api/sop', { token })).status).toBe(200), 60_000, 500);
  }, 120_000);

  it('while Postgres is down, for the team routes too, and a team SOP is whole afterwards', async () => {
    const { owner, workspaceId, sopId, shareToken } = await teamWithSharedSop();
    const token = owner.token;
    const postgres = faults.process('postgres');
    await postgres.hold();
    await postgres.signal('SIGKILL');
    try {
      for (const [method, path, options] of [
        ['GET', '/api/workspaces', { token }],
        ['POST', '/api/workspaces', { token, json: { name: 'During the outage' } }],
        ['GET', `/api/workspaces/${workspaceId}/members`, { token }],
        ['GET', `/api/workspaces/${workspaceId}/branding`, { token }],
        ['PUT', `/api/workspaces/${workspaceId}/branding`, { token, json: { companyName: 'Outage Ltd' } }],
        ['GET', `/api/workspaces/${workspaceId}/activity`, { token }],
        ['GET', `/api/sop/${sopId}/review`, { token }],
        ['POST', `/api/sop/${sopId}/share-links`, { token, json: {} }],
        ['PUT', `/api/sop/${sopId}/assignees`, { token, json: { userIds: [owner.user.id] } }],
        ['DELETE', `/api/sop/${sopId}`, { token }],
        ['PATCH', `/api/workspaces/${workspaceId}`, { token, json: { name: 'Renamed in the outage' } }],
        ['DELETE', `/api/workspaces/${workspaceId}`, { token }],
        ['GET', `/api/share/${shareToken}`, {}],
      ] as const) {
        const result = await timed(method, path, options);
        expect([method, path, result.status, result.body]).toEqual([method, path, 503, unavailable]);
        expect(result.ms).toBeLessThan(10_000);
      }
    } finally {
      await postgres.release();
    }
    // Back: nothing half-done. The SOP is there, its link works, the branding did not change.
    await eventually(async () => expect((await api('GET', `/api/sop/${sopId}`, { token })).status).toBe(200), 60_000, 500);
    expect((await api('GET', `/api/share/${shareToken}`)).status).toBe(200);
    expect((await api('GET', `/api/workspaces/${workspaceId}/branding`, { token })).body).toEqual({ companyName: 'Before the outage', companyLogoUrl: null });
    expect((await api<{ name: string }[]>('GET', '/api/workspaces', { token })).body.map((workspace) => workspace.name)).toEqual(['Personal', 'Kitchen']);
  }, 120_000);

  it('while Redis is down', async () => {
    const { token, user } = await registerUser();
    const team = await teamWithSharedSop();
    await faults.rpc.send(billingMessages.grantCredits, { userId: user.id, credits: 1, key: 'outage-pack', reason: 'test' });
    const redis = faults.process('redis');
    await redis.hold();
    await redis.signal('SIGKILL');
    try {
      for (const [method, path, options] of [
        ['GET', '/api/usage', { token }],
        ['POST', '/api/sop/from-text', { token, json: { title: 'During the outage', text: 'Lock the door. Set the alarm.' } }],
        ['GET', '/api/jobs/6d5b0c43-4a2e-4d55-9a8c-1f2b3c4d5e6f', { token }],
        ['POST', '/api/auth/login', { json: { email: user.email, password: 'correct-horse' } }],
      ] as const) {
        const result = await timed(method, path, options);
        expect([path, result.status, result.body]).toEqual([path, 503, unavailable]);
        expect(result.ms).toBeLessThan(15_000);
      }
      // The team routes and public share links say the same.
      for (const path of [`/api/workspaces/${team.workspaceId}/members`, `/api/sop/${team.sopId}/review`, `/api/share/${team.shareToken}`]) {
        const result = await timed('GET', path, { token: team.owner.token });
        expect([path, result.status, result.body]).toEqual([path, 503, unavailable]);
        expect(result.ms).toBeLessThan(15_000);
      }
      // Without its Redis the gateway can serve nothing: not ready.
      expect((await api('GET', '/api/health/ready')).status).toBe(503);
    } finally {
      await redis.release();
    }
    await eventually(async () => expect((await api('GET', '/api/usage', { token })).body).toEqual({ planType: 'starter', credits: 1 }), 60_000, 500);
  }, 180_000);
});
