import { billingMessages, generationIdHeader, type GenerationJobStatus, type Sop } from '@sopwright/contracts';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { api, baseUrl, registerUser } from '../support/api';
import { fetchAsUser } from '../support/fixtures';
import { closeServices, services } from '../support/services';

const run = promisify(execFile);
const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';

/** Three solid slides (red, green, blue), each with a header, a "Step N:" title and flite narration. */
const slides = [
  { colour: '0xa01818', step: 'Step 1: Open the settings menu', said: 'First open the settings menu.' },
  { colour: '0x18a018', step: 'Step 2: Click the account tab', said: 'Then click the account tab.' },
  { colour: '0x1818a0', step: 'Step 3: Enter your new email', said: 'Next enter your new email and press save.' },
];
const header = 'Account settings';

let dir: string;
const fixtures: { webm?: Buffer; mp4?: Buffer; voice?: Buffer; photos?: Buffer[] } = {};

async function duration(path: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number.parseFloat(stdout);
}

/** Made with Debian flite (slt) and ffmpeg drawtext (textfile=, since ':' breaks text=). */
async function makeFixtures() {
  dir = await mkdtemp(join(tmpdir(), 'sopwright-generation-fixtures-'));
  const inputs: string[] = [];
  const chains: string[] = [];
  for (const [index, slide] of slides.entries()) {
    const wav = join(dir, `said-${index}.wav`);
    await run('flite', ['-voice', 'slt', '-t', slide.said, '-o', wav]);
    await writeFile(join(dir, `step-${index}.txt`), slide.step);
    await writeFile(join(dir, 'header.txt'), header);
    const seconds = (await duration(wav)) + 1.5;
    inputs.push('-f', 'lavfi', '-i', `color=c=${slide.colour}:s=640x360:r=10:d=${seconds.toFixed(2)}`, '-i', wav);
    const text = (file: string, size: number, y: number) =>
      `drawtext=fontfile=${font}:textfile=${join(dir, file)}:fontsize=${size}:fontcolor=white:x=30:y=${y}`;
    chains.push(`[${index * 2}:v]${text('header.txt', 22, 30)},${text(`step-${index}.txt`, 32, 160)}[v${index}]`);
    chains.push(`[${index * 2 + 1}:a]apad,atrim=0:${seconds.toFixed(2)},aresample=48000[a${index}]`);
  }
  const graph = `${chains.join(';')};${slides.map((_, index) => `[v${index}][a${index}]`).join('')}concat=n=${slides.length}:v=1:a=1[v][a]`;
  const encode = (out: string, codecs: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', graph, '-map', '[v]', '-map', '[a]', ...codecs, out]);
  await encode(join(dir, 'screen.webm'), ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus', '-b:a', '32k']);
  await encode(join(dir, 'video.mp4'), ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac']);
  // A microphone recording: the narration alone, Opus in WebM like MediaRecorder makes.
  await run('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'screen.webm'), '-vn', '-c:a', 'libopus', '-b:a', '32k', join(dir, 'voice.webm')]);
  fixtures.webm = await readFile(join(dir, 'screen.webm'));
  fixtures.mp4 = await readFile(join(dir, 'video.mp4'));
  fixtures.voice = await readFile(join(dir, 'voice.webm'));
  fixtures.photos = [];
  for (const [index, slide] of slides.entries()) {
    const png = join(dir, `photo-${index}.png`);
    await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${slide.colour}:s=800x450`, '-vf',
      `drawtext=fontfile=${font}:textfile=${join(dir, `step-${index}.txt`)}:fontsize=34:fontcolor=white:x=30:y=200`, '-frames:v', '1', png]);
    fixtures.photos.push(await readFile(png));
  }
}

beforeAll(makeFixtures, 60_000);
afterAll(async () => {
  await closeServices();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Part {
  field: string;
  value: string | { bytes: Buffer; name: string; type: string };
}

async function post(path: string, token: string, parts: Part[], generationId?: string) {
  const form = new FormData();
  for (const { field, value } of parts) {
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, new Blob([new Uint8Array(value.bytes)], { type: value.type }), value.name);
  }
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (generationId) headers[generationIdHeader] = generationId;
  const response = await fetch(`${baseUrl()}${path}`, { method: 'POST', body: form, headers });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Sop & { message?: string } };
}

async function starterUser(credits: number) {
  const user = await registerUser();
  await services().send(billingMessages.grantCredits, { userId: user.user.id, credits, key: 'test-pack', reason: 'test' });
  return user;
}
const credits = async (token: string) => (await api<{ credits: number }>('GET', '/api/usage', { token })).body.credits;

/** Which of red, green, blue a step image mostly is: the slide it was taken from. */
async function slideShown(url: string, token: string): Promise<number> {
  const response = await fetchAsUser(url, token);
  expect(response.status).toBe(200);
  const { channels } = await sharp(Buffer.from(await response.arrayBuffer())).stats();
  const means = channels.slice(0, 3).map((channel) => channel.mean);
  return means.indexOf(Math.max(...means));
}

const words = (text: string) => text.toLowerCase().replace(/[^a-z ]/g, ' ');

describe('POST /api/sop/from-video', () => {
  it('turns a screen recording into steps with its keyframes on the steps they illustrate, drafted offline', async () => {
    const user = await starterUser(2);
    const result = await post('/api/sop/from-video', user.token, [
      { field: 'title', value: '' },
      { field: 'origin', value: 'screen-recording' },
      { field: 'video', value: { bytes: fixtures.webm!, name: 'recording.webm', type: 'video/webm' } },
    ]);
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ title: header, sourceType: 'video', origin: 'screen-recording', generatedBy: { structurer: 'offline', offline: true } });
    expect(words(result.body.steps.map((step) => step.title).join(' | '))).toMatch(/open the settings menu .*click the account tab .*enter your new email/);
    for (const [index, step] of result.body.steps.entries()) {
      expect(step.imageUrls?.length).toBeGreaterThanOrEqual(1);
      for (const url of step.imageUrls!) expect(await slideShown(url, user.token)).toBe(index);
    }
    expect(words(result.body.transcript ?? '')).toContain('settings');
    expect(await credits(user.token)).toBe(1);
  }, 120_000);

  it('takes an MP4 video the same way', async () => {
    const user = await starterUser(1);
    const result = await post('/api/sop/from-video', user.token, [
      { field: 'title', value: 'Change your email' },
      { field: 'video', value: { bytes: fixtures.mp4!, name: 'video.mp4', type: 'video/mp4' } },
    ]);
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ title: 'Change your email', origin: 'video', sourceType: 'video' });
    expect(result.body.steps).toHaveLength(3);
    expect(await slideShown(result.body.steps[2]!.imageUrls![0]!, user.token)).toBe(2);
  }, 120_000);

  it('refuses a file that is not a video by its bytes, whatever its name, charging nothing', async () => {
    const user = await starterUser(1);
    const result = await post('/api/sop/from-video', user.token, [{ field: 'video', value: { bytes: fixtures.photos![0]!, name: 'clip.webm', type: 'video/webm' } }]);
    expect(result).toMatchObject({ status: 415, body: { message: 'Please upload an MP4 or WebM video' } });
    expect(await credits(user.token)).toBe(1);
  });

  it('refuses a starter with no credits left before taking the upload', async () => {
    const user = await starterUser(1);
    await services().send(billingMessages.reserveCredit, { userId: user.user.id, key: `spend-${randomUUID()}` });
    const result = await post('/api/sop/from-video', user.token, [{ field: 'video', value: { bytes: fixtures.mp4!, name: 'video.mp4', type: 'video/mp4' } }]);
    expect(result).toMatchObject({ status: 402, body: { message: 'You have no credits left. Buy more credits or upgrade to Pro.' } });
  });

  it('asks for a video when none is sent', async () => {
    const user = await starterUser(1);
    const result = await post('/api/sop/from-video', user.token, [{ field: 'title', value: 'x' }]);
    expect(result).toMatchObject({ status: 400, body: { message: 'Please upload an MP4 video file' } });
  });

  it('refuses more than 100MB while it streams (no length announced), with a clear 413', async () => {
    const user = await starterUser(1);
    const boundary = `----sopwright${randomUUID()}`;
    const chunk = Buffer.alloc(1024 * 1024);
    let sent = 0;
    // 101MB of zeros after a WebM-looking name, generated as it is sent: never allocated whole.
    const body = Readable.from(
      (function* () {
        yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.webm"\r\nContent-Type: video/webm\r\n\r\n`);
        for (; sent < 101; sent++) yield chunk;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    const response = await fetch(`${baseUrl()}/api/sop/from-video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Readable.toWeb(body) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: 'Videos must be 100MB or smaller' });
    expect(await credits(user.token)).toBe(1);
  }, 60_000);
});

describe('POST /api/sop/from-audio', () => {
  it('transcribes a webm recording into steps, keeping the transcript; progress is followed with the generation id', async () => {
    const user = await starterUser(1);
    const generationId = randomUUID();
    const seen: GenerationJobStatus[] = [];
    let done = false;
    const poll = (async () => {
      while (!done) {
        const status = await api<GenerationJobStatus>('GET', `/api/jobs/${generationId}`, { token: user.token });
        if (status.status === 200) seen.push(status.body);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const result = await post('/api/sop/from-audio', user.token, [
      { field: 'title', value: 'Generated SOP' },
      { field: 'audio', value: { bytes: fixtures.voice!, name: 'recording', type: 'audio/webm' } },
    ], generationId);
    done = true;
    await poll;
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ origin: 'audio', sourceType: 'text', generatedBy: { offline: true } });
    expect(result.body.steps.length).toBeGreaterThanOrEqual(2);
    expect(words(result.body.transcript ?? '')).toMatch(/settings/);
    expect(words(result.body.steps.map((step) => step.title).join(' '))).toMatch(/email|save/);

    expect(seen.some((status) => status.state !== 'completed' && status.stage !== null)).toBe(true);
    const final = await api<GenerationJobStatus>('GET', `/api/jobs/${generationId}`, { token: user.token });
    expect(final.body).toMatchObject({ id: generationId, state: 'completed', progress: 100, sopId: result.body.id });

    // The same generation id again: the same SOP, no second charge.
    const again = await post('/api/sop/from-audio', user.token, [{ field: 'audio', value: { bytes: fixtures.voice!, name: 'recording', type: 'audio/webm' } }], generationId);
    expect(again).toMatchObject({ status: 201, body: { id: result.body.id } });
    expect(await credits(user.token)).toBe(0);

    // Another user cannot see it.
    const stranger = await registerUser();
    expect((await api('GET', `/api/jobs/${generationId}`, { token: stranger.token })).status).toBe(404);
  }, 120_000);

  it('refunds the credit when the recording cannot be used, with the reason', async () => {
    const user = await starterUser(1);
    const generationId = randomUUID();
    // A WebM header and nothing playable after it: accepted by type, unusable by the pipeline.
    const broken = Buffer.concat([fixtures.voice!.subarray(0, 200), Buffer.alloc(2000, 7)]);
    const result = await post('/api/sop/from-audio', user.token, [{ field: 'audio', value: { bytes: broken, name: 'recording', type: 'audio/webm' } }], generationId);
    expect(result.status).toBe(422);
    expect(result.body.message).toMatch(/could not be read|No speech could be heard/);
    const status = await api<GenerationJobStatus>('GET', `/api/jobs/${generationId}`, { token: user.token });
    expect(status.body).toMatchObject({ state: 'failed', error: result.body.message });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await credits(user.token)).toBe(1);
  }, 60_000);

  it('refuses the free plan with a message to upgrade', async () => {
    const user = await registerUser();
    const result = await post('/api/sop/from-audio', user.token, [{ field: 'audio', value: { bytes: fixtures.voice!, name: 'recording', type: 'audio/webm' } }]);
    expect(result).toMatchObject({ status: 402, body: { message: 'Your Free plan cannot create SOPs. Upgrade your plan to continue.' } });
  });

  it('refuses a generation id that is not a UUID', async () => {
    const user = await starterUser(1);
    const result = await post('/api/sop/from-audio', user.token, [{ field: 'audio', value: { bytes: fixtures.voice!, name: 'recording', type: 'audio/webm' } }], 'job-1');
    expect(result).toMatchObject({ status: 400, body: { message: 'x-generation-id must be a UUID' } });
    expect(await credits(user.token)).toBe(1);
  });
});

describe('POST /api/sop/from-photos', () => {
  it('makes one step per photo, each photo on its step, titles read from the screenshots', async () => {
    const user = await starterUser(1);
    const result = await post('/api/sop/from-photos', user.token, [
      { field: 'title', value: 'Change your email' },
      ...fixtures.photos!.map((bytes, index) => ({ field: 'photos', value: { bytes, name: `shot-${index}.png`, type: 'image/png' } })),
    ]);
    expect(result.status).toBe(201);
    expect(result.body).toMatchObject({ title: 'Change your email', origin: 'photos', sourceType: 'text', generatedBy: { offline: true } });
    expect(result.body.steps.map((step) => words(step.title).trim())).toEqual(['open the settings menu', 'click the account tab', 'enter your new email']);
    for (const [index, step] of result.body.steps.entries()) {
      expect(step.imageUrls).toHaveLength(1);
      expect(await slideShown(step.imageUrls![0]!, user.token)).toBe(index);
    }
  }, 60_000);

  it('refuses more than 10 photos', async () => {
    const user = await starterUser(1);
    const photo = { bytes: fixtures.photos![0]!, name: 'shot.png', type: 'image/png' };
    const result = await post('/api/sop/from-photos', user.token, Array.from({ length: 11 }, () => ({ field: 'photos', value: photo })));
    expect(result).toMatchObject({ status: 400, body: { message: 'You can upload at most 10 photos' } });
    expect(await credits(user.token)).toBe(1);
  });

  it('refuses a photo that is not an image by its bytes, and asks for at least one', async () => {
    const user = await starterUser(1);
    const fake = await post('/api/sop/from-photos', user.token, [{ field: 'photos', value: { bytes: fixtures.voice!, name: 'shot.png', type: 'image/png' } }]);
    expect(fake).toMatchObject({ status: 415, body: { message: 'Photos must be JPEG, PNG or WebP images' } });
    const none = await post('/api/sop/from-photos', user.token, [{ field: 'title', value: 'x' }]);
    expect(none).toMatchObject({ status: 400, body: { message: 'Please upload at least one photo' } });
  });
});
