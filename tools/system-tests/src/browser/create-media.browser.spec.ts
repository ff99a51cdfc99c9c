import { billingMessages, type Sop } from '@sopwright/contracts';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { api, registerUser } from '../support/api';
import { launchBrowser } from '../support/browser';
import { closeServices, services } from '../support/services';
import { openAs, screenshot, type TestUser } from './app-session';

const run = promisify(execFile);
const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
let dir: string;
let narration: string;

/** A slide with a "Step N:" line, as a PNG (a photo) — drawn by ffmpeg from a text file. */
async function slidePng(name: string, colour: string, text: string): Promise<string> {
  await writeFile(join(dir, `${name}.txt`), text);
  const png = join(dir, `${name}.png`);
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${colour}:s=800x450`, '-vf',
    `drawtext=fontfile=${font}:textfile=${join(dir, `${name}.txt`)}:fontsize=34:fontcolor=white:x=30:y=200`, '-frames:v', '1', png]);
  return png;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sopwright-create-media-'));
  narration = join(dir, 'narration.wav');
  await run('flite', ['-voice', 'slt', '-t', 'First open the settings menu. Then click the account tab. Finally press save.', '-o', narration]);
}, 30_000);
afterAll(async () => {
  await closeServices();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function starterUser(credits: number): Promise<TestUser> {
  const user = await registerUser();
  await services().send(billingMessages.grantCredits, { userId: user.user.id, credits, key: 'test-pack', reason: 'test' });
  return user;
}
const listSops = async (user: TestUser) => (await api<Sop[]>('GET', '/api/sop', { token: user.token })).body;

async function openTab(page: Page, name: string) {
  await page.goto('/create');
  await page.getByRole('tab', { name }).click();
}

async function expectCreated(page: Page) {
  await page.getByText('SOP created!').waitFor({ timeout: 60_000 });
  await page.waitForURL('**/dashboard');
}

describe('creating SOPs from media in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    // A fake microphone that plays the flite narration, granted without a prompt.
    browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${narration}`]);
  });
  afterAll(async () => browser?.close());

  it('makes an SOP from photos: pick two, remove one, generate, one credit spent', async () => {
    const user = await starterUser(2);
    const { context, page } = await openAs(browser, user);
    await openTab(page, 'From Photos');
    const first = await slidePng('first', '0xa01818', 'Step 1: Open the settings menu');
    const second = await slidePng('second', '0x18a018', 'Step 2: Click the account tab');
    await page.getByLabel('Choose photos').setInputFiles([first, second]);
    await page.getByText('2 of 10 photos').waitFor();
    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    await page.getByText('1 of 10 photos').waitFor();
    await page.getByRole('textbox', { name: 'Title' }).fill('Change the account email');
    await screenshot(page, 'create-photos');
    await page.getByRole('button', { name: 'Generate SOP from Photos' }).click();
    await expectCreated(page);
    await page.getByText('Change the account email').waitFor();

    const [sop] = await listSops(user);
    expect(sop?.title).toBe('Change the account email');
    expect(sop?.origin).toBe('photos');
    expect(sop?.steps).toHaveLength(1);
    expect(sop?.steps[0]?.title.toLowerCase()).toContain('settings');
    expect(sop?.steps[0]?.imageUrls).toHaveLength(1);
    expect((await api<{ credits: number }>('GET', '/api/usage', { token: user.token })).body.credits).toBe(1);

    // Made by the embedded structurer, so the SOP says it is a draft to review.
    await page.goto(`/sop/${sop!.id}`);
    await page.getByText('Drafted offline').waitFor();
    await context.close();
  });

  it('uploads a video with the Upload Video tab and shows progress until the SOP exists', async () => {
    const user = await starterUser(1);
    const mp4 = join(dir, 'process.mp4');
    await slidePng('video-slide', '0x1818a0', 'Step 1: Open the settings menu');
    await run('ffmpeg', ['-v', 'error', '-y', '-loop', '1', '-i', join(dir, 'video-slide.png'), '-i', narration, '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-r', '5', '-c:a', 'aac', mp4]);
    const { context, page } = await openAs(browser, user);
    await openTab(page, 'Upload Video');
    await page.getByLabel('Choose a video').setInputFiles(mp4);
    await page.getByText('process.mp4').waitFor();
    await page.getByRole('button', { name: 'Upload & Generate SOP' }).click();
    await page.getByRole('status').first().waitFor();
    await expectCreated(page);

    const [sop] = await listSops(user);
    expect(sop?.origin).toBe('video');
    expect(sop?.sourceType).toBe('video');
    expect(sop?.steps.length).toBeGreaterThanOrEqual(1);
    expect(sop?.transcript?.toLowerCase()).toContain('settings');
    await context.close();
  });

  it('records an audio description with the microphone, with timer, preview and Record Again', async () => {
    const user = await starterUser(1);
    const { context, page } = await openAs(browser, user);
    await openTab(page, 'Audio Description');
    const panel = page.getByRole('tabpanel', { name: 'Audio Description' });
    await panel.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByText('Recording started').waitFor();
    await panel.getByLabel('Elapsed time').getByText('0:02').waitFor({ timeout: 10_000 });
    await panel.getByRole('button', { name: 'Stop Recording' }).click();
    await page.getByText('Recording stopped').waitFor();
    await panel.getByLabel('Recording preview').waitFor();
    await panel.getByRole('button', { name: 'Record Again' }).waitFor();
    await screenshot(page, 'create-audio');
    await panel.getByRole('button', { name: 'Generate SOP from Audio' }).click();
    await expectCreated(page);

    const [sop] = await listSops(user);
    expect(sop?.origin).toBe('audio');
    expect(sop?.steps.length).toBeGreaterThanOrEqual(1);
    await context.close();
  });

  it("records the screen (Chromium's fake screen) with the narration and makes a video SOP of it", async () => {
    const user = await starterUser(1);
    const { context, page } = await openAs(browser, user);
    await openTab(page, 'Screen Recording');
    const panel = page.getByRole('tabpanel', { name: 'Screen Recording' });
    await panel.getByRole('button', { name: 'Start Recording' }).click();
    await page.getByText('Recording started').waitFor();
    await panel.getByLabel('Elapsed time').getByText('0:04').waitFor({ timeout: 15_000 });
    await panel.getByRole('button', { name: 'Stop Recording' }).click();
    await page.getByText('Recording stopped').waitFor();
    await panel.getByLabel('Recording preview').waitFor();
    await screenshot(page, 'create-screen');
    await panel.getByRole('button', { name: 'Generate SOP from Recording' }).click();
    await expectCreated(page);

    const [sop] = await listSops(user);
    expect(sop).toMatchObject({ sourceType: 'video', origin: 'screen-recording' });
    expect(sop?.steps.length).toBeGreaterThanOrEqual(1);
    expect((await api('GET', '/api/usage', { token: user.token })).body).toEqual({ planType: 'starter', credits: 0 });
    await context.close();
  });

  it("tells a free user to upgrade when audio generation is refused", async () => {
    const user = await registerUser();
    const { context, page } = await openAs(browser, user);
    await openTab(page, 'Audio Description');
    const panel = page.getByRole('tabpanel', { name: 'Audio Description' });
    await panel.getByRole('button', { name: 'Start Recording' }).click();
    await panel.getByLabel('Elapsed time').getByText('0:01').waitFor({ timeout: 10_000 });
    await panel.getByRole('button', { name: 'Stop Recording' }).click();
    await panel.getByRole('button', { name: 'Generate SOP from Audio' }).click();
    await page.getByText('Upgrade Required').waitFor();
    expect(await listSops(user)).toHaveLength(0);
    await context.close();
  });
});
