import { billingMessages, generationIdHeader, type Sop } from '@sopwright/contracts';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { api, baseUrl, registerUser } from '../support/api';
import { closeServices, services } from '../support/services';

/**
 * A generation worker dies in the middle of a job (SIGKILL, as when a pod is evicted or a node
 * fails): the job passes to another worker once its lock lapses, and the user still gets exactly
 * one SOP for one credit.
 */
const run = promisify(execFile);
const workerScript = resolve(__dirname, '../../../../services/generation/dist/main.js');
const serviceEnv = (): NodeJS.ProcessEnv => JSON.parse(process.env.SOPWRIGHT_TEST_SERVICE_ENV ?? '{}') as NodeJS.ProcessEnv;

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sopwright-failover-'));
});
afterAll(async () => {
  await closeServices();
  await rm(dir, { recursive: true, force: true });
});

/** This stack's generation workers: the processes running the worker with this stack's Redis. */
function generationWorkers(): number[] {
  const redis = `REDIS_URL=${serviceEnv().REDIS_URL}`;
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return command.includes(workerScript) && readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(redis);
      } catch {
        return false; // gone, or not ours
      }
    })
    .map(Number);
}

/** Child processes of `pid` (ffmpeg, pocketsphinx): a worker with one is busy with a job. */
function hasChildren(pid: number): boolean {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .some((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    });
}

async function narratedVideo(): Promise<Buffer> {
  const said = 'First open the settings menu. Then click the account tab. Next enter your new email address. Finally press save and wait.';
  await run('flite', ['-voice', 'slt', '-t', `${said} ${said}`, '-o', join(dir, 'said.wav')]);
  const out = join(dir, 'long.mp4');
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=s=640x360:r=10:d=20', '-i', join(dir, 'said.wav'), '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', out]);
  return readFile(out);
}

it('finishes a job whose worker was killed mid-way on another worker, charging one credit', async () => {
  const workers = generationWorkers();
  expect(workers).toHaveLength(2);
  const user = await registerUser();
  await services().send(billingMessages.grantCredits, { userId: user.user.id, credits: 2, key: 'failover-pack', reason: 'test' });

  const generationId = randomUUID();
  const video = await narratedVideo();
  const form = new FormData();
  form.append('title', 'Change your email');
  form.append('video', new Blob([new Uint8Array(video)], { type: 'video/mp4' }), 'long.mp4');
  const answer = fetch(`${baseUrl()}/api/sop/from-video`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${user.token}`, [generationIdHeader]: generationId },
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));

  // Wait until one worker has the job's media tools running, then kill it and its tools.
  let busy: number | undefined;
  for (let tries = 0; busy === undefined && tries < 300; tries++) {
    busy = workers.find(hasChildren);
    if (busy === undefined) await new Promise((done) => setTimeout(done, 50));
  }
  expect(busy).toBeDefined();
  process.kill(-busy!, 'SIGKILL');
  // The stack restarts the dead worker; the survivor or the new copy takes the stalled job.

  const result = await answer;
  expect(result.status).toBe(201);
  const sop = result.body as Sop;
  expect(sop.title).toBe('Change your email');
  expect(sop.steps.length).toBeGreaterThan(0);
  const list = await api<Sop[]>('GET', '/api/sop', { token: user.token });
  expect(list.body.map((each) => each.id)).toEqual([sop.id]);
  expect((await api('GET', '/api/usage', { token: user.token })).body).toEqual({ planType: 'starter', credits: 1 });
}, 120_000);
