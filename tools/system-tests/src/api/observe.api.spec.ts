import { freePort, startPrometheus, writeScrapeTargets, type RunningPrometheus } from '@sopwright/stack';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, registerUser } from '../support/api';
import { readUntil } from '../support/poll';

/**
 * `npm run observe`: Debian's Prometheus, started by tools/stack, scrapes every process of a
 * real stack (here the test stack's) through the targets file `npm start` writes.
 */

let dir: string;
let prometheus: RunningPrometheus;

const metrics = (): Map<string, string> => new Map(Object.entries(JSON.parse(process.env.SOPWRIGHT_TEST_METRICS ?? '{}') as Record<string, string>));

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

async function query(expr: string): Promise<Sample[]> {
  const response = await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await response.json()) as { status: string; data: { result: Sample[] } };
  expect(body.status).toBe('success');
  return body.data.result;
}

const eventually = (expr: string, done: (samples: Sample[]) => boolean) => readUntil(() => query(expr), done, 60_000, 1000);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sopwright-observe-'));
  await writeScrapeTargets(join(dir, 'targets.json'), metrics());
  prometheus = await startPrometheus(join(dir, 'prometheus'), await freePort(), join(dir, 'targets.json'), () => undefined);
}, 180_000);

afterAll(async () => {
  await prometheus?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm run observe (a local Prometheus)', () => {
  it('scrapes every process of the stack, each under its own process name and service', async () => {
    const names = [...metrics().keys()].sort();
    const up = await eventually('up', (samples) => samples.length === names.length && samples.every((sample) => sample.value[1] === '1'));
    expect(up.map((sample) => [sample.metric.process, sample.value[1]]).sort()).toEqual(names.map((name) => [name, '1']));
    const services = await eventually('count by (service) (process_cpu_seconds_total)', (samples) => samples.length >= 7);
    expect(services.map((sample) => sample.metric.service).sort()).toEqual(['auth', 'billing', 'export', 'gateway', 'generation', 'media', 'sop']);
  });

  it('sees the requests the gateway answered, by route template', async () => {
    const user = await registerUser();
    expect((await api('GET', '/api/usage', { token: user.token })).status).toBe(200);
    const served = await eventually('sum by (route) (sopwright_http_request_duration_seconds_count{route="/api/usage"})', (samples) => samples.length === 1 && Number(samples[0]!.value[1]) >= 1);
    expect(Number(served[0]?.value[1])).toBeGreaterThanOrEqual(1);
  });
});
