import { billingMessages, type Sop } from '@sopwright/contracts';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { api, baseUrl, registerUser } from '../support/api';
import { fetchAsUser } from '../support/fixtures';
import { readUntil } from '../support/poll';
import { closeServices, services } from '../support/services';

/**
 * Prometheus metrics of the real stack: every process serves /metrics on its probe port (the
 * services' HEALTH_PORT, the gateway's METRICS_PORT, never the public port), and the series
 * move by what the requests, generations and exports of this file did.
 */

const run = promisify(execFile);
const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Where each process of the stack serves /metrics, by process name (gateway, sop-1, generation-2…). */
function metricsUrls(): Record<string, string> {
  const urls = process.env.SOPWRIGHT_TEST_METRICS;
  if (!urls) throw new Error('SOPWRIGHT_TEST_METRICS is not set: the global setup did not start the stack');
  return JSON.parse(urls) as Record<string, string>;
}

/** The processes of a service: `sop` is sop-1 and sop-2 when it runs two replicas. */
const processesOf = (service: string) => Object.keys(metricsUrls()).filter((name) => name === service || new RegExp(`^${service}-\\d+$`).test(name));

/** The text exposition format, enough of it for these tests: `name{label="value",…} number`. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

async function scrapeText(processName: string): Promise<string> {
  const response = await fetch(metricsUrls()[processName]!);
  expect([processName, response.status]).toEqual([processName, 200]);
  return response.text();
}

type Snapshot = Map<string, Sample[]>;

/** Every process's samples, by process name. */
async function snapshot(): Promise<Snapshot> {
  const names = Object.keys(metricsUrls());
  return new Map(await Promise.all(names.map(async (name) => [name, parse(await scrapeText(name))] as const)));
}

/** The sum of a series over a service's processes. */
function total(snap: Snapshot, service: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const processName of processesOf(service)) {
    for (const sample of snap.get(processName) ?? []) {
      if (sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value)) sum += sample.value;
    }
  }
  return sum;
}

/** How much a series grew between two snapshots, summed over a service's processes. */
const grew = (before: Snapshot, after: Snapshot, service: string, name: string, labels: Record<string, string> = {}) =>
  total(after, service, name, labels) - total(before, service, name, labels);

/** Scrapes until `done` holds (work that finishes after the request answered: settlements). */
const eventually = (done: (snap: Snapshot) => boolean, timeoutMs = 20_000): Promise<Snapshot> => readUntil(snapshot, done, timeoutMs);

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

let dir: string;
let video: Buffer;

/** Two narrated slides (Debian flite, ffmpeg drawtext): a video the offline pipeline turns into steps. */
async function makeVideo(): Promise<Buffer> {
  dir = await mkdtemp(join(tmpdir(), 'sopwright-metrics-'));
  const slides = [
    { colour: '0xa01818', step: 'Step 1: Open the settings menu', said: 'First open the settings menu.' },
    { colour: '0x18a018', step: 'Step 2: Click the account tab', said: 'Then click the account tab.' },
  ];
  const inputs: string[] = [];
  const chains: string[] = [];
  for (const [index, slide] of slides.entries()) {
    const wav = join(dir, `said-${index}.wav`);
    await run('flite', ['-voice', 'slt', '-t', slide.said, '-o', wav]);
    await writeFile(join(dir, `step-${index}.txt`), slide.step);
    inputs.push('-f', 'lavfi', '-i', `color=c=${slide.colour}:s=640x360:r=10:d=3.5`, '-i', wav);
    chains.push(`[${index * 2}:v]drawtext=fontfile=${font}:textfile=${join(dir, `step-${index}.txt`)}:fontsize=32:fontcolor=white:x=30:y=160[v${index}]`);
    chains.push(`[${index * 2 + 1}:a]apad,atrim=0:3.5,aresample=48000[a${index}]`);
  }
  const graph = `${chains.join(';')};${slides.map((_, index) => `[v${index}][a${index}]`).join('')}concat=n=${slides.length}:v=1:a=1[v][a]`;
  const out = join(dir, 'video.mp4');
  await run('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', graph, '-map', '[v]', '-map', '[a]', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', out]);
  return readFile(out);
}

beforeAll(async () => {
  video = await makeVideo();
}, 60_000);

afterAll(async () => {
  await closeServices();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function starterUser(credits: number) {
  const user = await registerUser();
  await services().send(billingMessages.grantCredits, { userId: user.user.id, credits, key: 'metrics-pack', reason: 'test' });
  return user;
}

const notes = 'First, count the cash drawer. Then put the cash in the deposit bag and seal it. Finally switch off the lights.';

describe('/metrics', () => {
  it('is served by every process on its probe port, labelled with its service, with the process metrics', async () => {
    const urls = metricsUrls();
    expect(Object.keys(urls).sort()).toEqual(
      ['auth-1', 'auth-2', 'billing-1', 'billing-2', 'export', 'gateway', 'generation-1', 'generation-2', 'media-1', 'media-2', 'sop-1', 'sop-2'].sort(),
    );
    for (const [processName, url] of Object.entries(urls)) {
      const service = processName.replace(/-\d+$/, '');
      const response = await fetch(url);
      expect([processName, response.status, response.headers.get('content-type')]).toEqual([processName, 200, expect.stringMatching(/^text\/plain; version=0\.0\.4/)]);
      const samples = parse(await response.text());
      expect([processName, samples.some((s) => s.name === 'process_cpu_user_seconds_total' && s.value > 0)]).toEqual([processName, true]);
      expect([processName, samples.some((s) => s.name === 'nodejs_heap_size_used_bytes')]).toEqual([processName, true]);
      // One service label everywhere, naming the process's service.
      expect([processName, [...new Set(samples.map((s) => s.labels.service))]]).toEqual([processName, [service]]);
      const probes = new URL(url);
      // The services' probe port still answers the probes; the gateway's metrics port serves nothing else.
      const ready = await fetch(new URL('/health/ready', probes));
      expect([processName, ready.status]).toEqual([processName, service === 'gateway' ? 404 : 200]);
    }
  });

  it('is not served on the gateway\'s public port', async () => {
    const response = await fetch(`${baseUrl()}/metrics`);
    expect(await response.text()).not.toContain('# TYPE');
    expect((await fetch(`${baseUrl()}/api/metrics`)).status).toBe(404);
  });

  it('counts gateway requests by route template, RPC on both ends, a text generation\'s stages and its credit', async () => {
    const user = await starterUser(2);
    const before = await snapshot();

    const created = await api<Sop>('POST', '/api/sop/from-text', { token: user.token, json: { title: 'Close the register', text: notes } });
    expect(created.status).toBe(201);
    const sopId = created.body.id;
    expect((await api('GET', `/api/sop/${sopId}`, { token: user.token })).status).toBe(200);
    expect((await api('GET', `/api/sop/${sopId}`, { token: user.token })).status).toBe(200);
    expect((await api('GET', `/api/sop/${randomUUID()}`, { token: user.token })).status).toBe(404);
    expect((await api('GET', `/api/nowhere/${randomUUID()}`, { token: user.token })).status).toBe(404);

    // The credit is committed through billing's settlement queue, after the answer.
    const after = await eventually((snap) => grew(before, snap, 'billing', 'sopwright_billing_credits_total', { operation: 'committed', charged: 'true' }) >= 1);
    const http = (labels: Record<string, string>) => grew(before, after, 'gateway', 'sopwright_http_request_duration_seconds_count', labels);
    expect(http({ method: 'POST', route: '/api/sop/from-text', status: '201' })).toBe(1);
    expect(http({ method: 'GET', route: '/api/sop/:id', status: '200' })).toBe(2);
    expect(http({ method: 'GET', route: '/api/sop/:id', status: '404' })).toBe(1);
    expect(http({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(grew(before, after, 'gateway', 'sopwright_http_request_duration_seconds_sum', { route: '/api/sop/from-text' })).toBeGreaterThan(0);
    const gatewayText = await scrapeText('gateway');
    // Route templates, never ids or addresses.
    expect(gatewayText).not.toMatch(uuid);
    expect(gatewayText).not.toContain(user.email);
    expect(gatewayText).toContain('route="/api/sop/:id"');
    // Scrapes go to the metrics port: they are not requests of the gateway's.
    expect(total(after, 'gateway', 'sopwright_http_requests_in_flight')).toBe(0);

    // RPC, caller side (the gateway, the generation worker) and handler side (sop's two replicas), by pattern and outcome.
    const rpcClient = (service: string, pattern: string, outcome: string) => grew(before, after, service, 'sopwright_rpc_client_duration_seconds_count', { pattern, outcome });
    const rpcServer = (service: string, pattern: string, outcome: string) => grew(before, after, service, 'sopwright_rpc_server_duration_seconds_count', { pattern, outcome });
    expect(rpcClient('gateway', 'billing.credits.reserve', 'ok')).toBe(1);
    expect(rpcServer('billing', 'billing.credits.reserve', 'ok')).toBe(1);
    // GET /api/sop/:id twice, and the generation's answer read back once; the missing SOP is
    // found missing when its workspace is looked up, before any sop.get.
    expect(rpcClient('gateway', 'sop.get', 'ok')).toBe(3);
    expect(rpcClient('gateway', 'sop.owner', 'ok')).toBe(2);
    expect(rpcClient('gateway', 'sop.owner', 'NOT_FOUND')).toBe(1);
    expect(rpcServer('sop', 'sop.get', 'ok')).toBe(3);
    expect(rpcServer('sop', 'sop.owner', 'NOT_FOUND')).toBe(1);
    expect(rpcClient('generation', 'sop.create', 'ok')).toBe(1);
    expect(rpcServer('sop', 'sop.create', 'ok')).toBe(1);
    expect(grew(before, after, 'sop', 'sopwright_rpc_server_duration_seconds_sum', { pattern: 'sop.get' })).toBeGreaterThan(0);

    // The generation: its job, its stages (a text source has two), the queue it went through.
    for (const stage of ['structuring', 'saving']) {
      expect([stage, grew(before, after, 'generation', 'sopwright_generation_stage_duration_seconds_count', { stage, source: 'text', outcome: 'ok' })]).toEqual([stage, 1]);
    }
    expect(grew(before, after, 'generation', 'sopwright_generation_stage_duration_seconds_count', { stage: 'transcription', source: 'text' })).toBe(0);
    expect(grew(before, after, 'generation', 'sopwright_generation_duration_seconds_count', { source: 'text', outcome: 'ok' })).toBe(1);
    expect(grew(before, after, 'generation', 'sopwright_job_duration_seconds_count', { queue: 'generation', outcome: 'completed' })).toBe(1);
    expect(grew(before, after, 'generation', 'sopwright_job_wait_seconds_count', { queue: 'generation' })).toBe(1);
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect([state, after.get('gateway')!.some((s) => s.name === 'sopwright_queue_jobs' && s.labels.queue === 'generation' && s.labels.state === state)]).toEqual([state, true]);
      expect([state, after.get('generation-1')!.some((s) => s.name === 'sopwright_queue_jobs' && s.labels.queue === 'generation' && s.labels.state === state)]).toEqual([state, true]);
      expect([state, after.get('billing-1')!.some((s) => s.name === 'sopwright_queue_jobs' && s.labels.queue === 'credit-settlement' && s.labels.state === state)]).toEqual([state, true]);
    }
    expect(total(after, 'gateway', 'sopwright_queue_oldest_waiting_seconds', { queue: 'generation' })).toBe(0);

    // Billing: one credit held, then committed through the settlement queue.
    expect(grew(before, after, 'billing', 'sopwright_billing_credits_total', { operation: 'reserved', charged: 'true' })).toBe(1);
    expect(grew(before, after, 'billing', 'sopwright_billing_credits_total', { operation: 'committed', charged: 'true' })).toBe(1);
    expect(grew(before, after, 'billing', 'sopwright_billing_credits_total', { operation: 'refunded' })).toBe(0);
    expect(grew(before, after, 'billing', 'sopwright_job_duration_seconds_count', { queue: 'credit-settlement', outcome: 'completed' })).toBe(1);
  });

  it('times every stage of a video generation, and counts a refused one', async () => {
    const user = await starterUser(1);
    const before = await snapshot();
    const form = new FormData();
    form.append('video', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'settings.mp4');
    const response = await fetch(`${baseUrl()}/api/sop/from-video`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.token}` } });
    expect(response.status).toBe(201);
    // No credit left: refused before anything is queued.
    expect((await api('POST', '/api/sop/from-text', { token: user.token, json: { title: 'x', text: notes } })).status).toBe(402);

    const after = await eventually((snap) => grew(before, snap, 'billing', 'sopwright_billing_credits_total', { operation: 'committed' }) >= 1);
    for (const stage of ['upload', 'media-processing', 'transcription', 'image-analysis', 'structuring', 'saving']) {
      expect([stage, grew(before, after, 'generation', 'sopwright_generation_stage_duration_seconds_count', { stage, source: 'video', outcome: 'ok' })]).toEqual([stage, 1]);
      expect([stage, grew(before, after, 'generation', 'sopwright_generation_stage_duration_seconds_sum', { stage, source: 'video' })]).toEqual([stage, expect.any(Number)]);
    }
    // Media work takes real time: the stages add up to most of the attempt.
    expect(grew(before, after, 'generation', 'sopwright_generation_stage_duration_seconds_sum', { stage: 'media-processing', source: 'video' })).toBeGreaterThan(0.01);
    expect(grew(before, after, 'generation', 'sopwright_generation_duration_seconds_count', { source: 'video', outcome: 'ok' })).toBe(1);
    expect(grew(before, after, 'gateway', 'sopwright_http_request_duration_seconds_count', { method: 'POST', route: '/api/sop/from-video', status: '201' })).toBe(1);
    expect(grew(before, after, 'gateway', 'sopwright_http_request_duration_seconds_count', { method: 'POST', route: '/api/sop/from-text', status: '402' })).toBe(1);
    expect(grew(before, after, 'gateway', 'sopwright_rpc_client_duration_seconds_count', { pattern: 'billing.credits.reserve', outcome: 'NO_CREDITS' })).toBe(1);
    expect(grew(before, after, 'billing', 'sopwright_rpc_server_duration_seconds_count', { pattern: 'billing.credits.reserve', outcome: 'NO_CREDITS' })).toBe(1);
    expect(grew(before, after, 'billing', 'sopwright_billing_credit_refusals_total', { reason: 'NO_CREDITS' })).toBe(1);
  });

  it('counts a Pro generation\'s reservation as uncharged', async () => {
    const user = await registerUser();
    await services().send(billingMessages.setPlan, { userId: user.user.id, planType: 'pro', reason: 'test' });
    const before = await snapshot();
    expect((await api('POST', '/api/sop/from-text', { token: user.token, json: { title: 'Open the store', text: notes } })).status).toBe(201);
    const after = await eventually((snap) => grew(before, snap, 'billing', 'sopwright_billing_credits_total', { operation: 'committed', charged: 'false' }) >= 1);
    expect(grew(before, after, 'billing', 'sopwright_billing_credits_total', { operation: 'reserved', charged: 'false' })).toBe(1);
    expect(grew(before, after, 'billing', 'sopwright_billing_credits_total', { operation: 'committed', charged: 'false' })).toBe(1);
    expect(grew(before, after, 'billing', 'sopwright_billing_credits_total', { charged: 'true' })).toBe(0);
  });

  it('times exports by format, with the Chromium page pool', async () => {
    const user = await starterUser(1);
    const sop = (await api<Sop>('POST', '/api/sop/from-text', { token: user.token, json: { title: 'Open the store', text: notes } })).body;
    const before = await snapshot();
    for (const format of ['pdf', 'html']) expect([format, (await fetchAsUser(`/api/sop/${sop.id}/export/${format}`, user.token)).status]).toEqual([format, 200]);
    // The gateway times a request when its response has finished, which may be just after the client has read it.
    const after = await eventually((snap) => grew(before, snap, 'gateway', 'sopwright_http_request_duration_seconds_count', { route: '/api/sop/:id/export/:format', status: '200' }) >= 2);

    expect(grew(before, after, 'export', 'sopwright_export_duration_seconds_count', { format: 'pdf', outcome: 'ok' })).toBe(1);
    expect(grew(before, after, 'export', 'sopwright_export_duration_seconds_count', { format: 'html', outcome: 'ok' })).toBe(1);
    expect(grew(before, after, 'export', 'sopwright_export_duration_seconds_count', { format: 'docx' })).toBe(0);
    expect(grew(before, after, 'export', 'sopwright_export_duration_seconds_sum', { format: 'pdf' })).toBeGreaterThan(0);
    expect(grew(before, after, 'export', 'sopwright_export_page_wait_seconds_count')).toBe(1);
    expect(total(after, 'export', 'sopwright_export_page_pool_size')).toBe(2); // EXPORT_CONCURRENCY's default
    expect(total(after, 'export', 'sopwright_export_page_pool_open')).toBe(2);
    expect(total(after, 'export', 'sopwright_export_page_pool_idle')).toBe(2);
    expect(total(after, 'export', 'sopwright_export_page_pool_waiting')).toBe(0);
    expect(grew(before, after, 'export', 'sopwright_job_duration_seconds_count', { queue: 'exports', outcome: 'completed' })).toBe(2);
    expect(total(after, 'export', 'sopwright_queue_jobs', { queue: 'exports', state: 'waiting' })).toBe(0);
    expect(total(after, 'gateway', 'sopwright_queue_jobs', { queue: 'exports', state: 'active' })).toBe(0);
    expect(grew(before, after, 'gateway', 'sopwright_http_request_duration_seconds_count', { route: '/api/sop/:id/export/:format', status: '200' })).toBe(2);
  });
});
