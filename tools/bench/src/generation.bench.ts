import { generationIdHeader, generationStages, type GenerationJobStatus, type GenerationStage } from '@sopwright/contracts';
import type { RunningStack } from '@sopwright/stack';
import { proUser, withStack } from './bench-stack';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generationModules, multiPassStage, singlePassStage, type MediaStageResult } from './generation-media';
import { oneMinuteScreenRecording } from './screen-recording';
import { ms, percentile } from './stats';

/**
 * Generation benchmark through the real stack (gateway → BullMQ → generation workers, all
 * offline providers): per-stage times of a one-minute screen recording (flite narration
 * over six ffmpeg slides, VP9/Opus webm), seconds of work per minute of video, and
 * throughput from text and from video with 1 and 2 workers. First, the media stage in this
 * process, the worker's single ffmpeg pass with OCR several at once against the previous
 * multi-pass route with OCR one frame at a time (alternating runs, medians), checking both
 * give the same keyframes, speech spans and text. `-- --media` runs only that comparison.
 */
const TEXT_JOBS = 20;
const VIDEO_JOBS = 4;
const MEDIA_ROUNDS = 5;
const notes =
  'First, count the cash drawer. It should match the POS report. Then put the cash in the deposit bag and seal it. Next, drop the bag in the safe. Finally switch off the lights.';

async function fromText(stack: RunningStack, token: string): Promise<void> {
  const response = await fetch(`${stack.url}/api/sop/from-text`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Close the register', text: notes }),
  });
  if (response.status !== 201) throw new Error(`from-text answered ${response.status}: ${await response.text()}`);
}

/** Posts the video and follows GET /api/jobs/:id meanwhile; answers when each stage was first seen. */
async function fromVideo(stack: RunningStack, token: string, video: Buffer): Promise<{ total: number; stageStarts: Partial<Record<GenerationStage, number>> }> {
  const generationId = randomUUID();
  const started = performance.now();
  const stageStarts: Partial<Record<GenerationStage, number>> = {};
  let done = false;
  const follow = (async () => {
    while (!done) {
      const response = await fetch(`${stack.url}/api/jobs/${generationId}`, { headers: { authorization: `Bearer ${token}` } });
      if (response.ok) {
        const status = (await response.json()) as GenerationJobStatus;
        if (status.stage && stageStarts[status.stage] === undefined) stageStarts[status.stage] = performance.now() - started;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const form = new FormData();
  form.append('origin', 'screen-recording');
  form.append('video', new Blob([new Uint8Array(video)], { type: 'video/webm' }), 'recording.webm');
  const response = await fetch(`${stack.url}/api/sop/from-video`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}`, [generationIdHeader]: generationId } });
  const total = performance.now() - started;
  done = true;
  await follow;
  if (response.status !== 201) throw new Error(`from-video answered ${response.status}: ${await response.text()}`);
  return { total, stageStarts };
}

/** Single pass against the previous route on the same file, alternating; answers the single pass's median. */
async function compareMediaStage(dir: string, video: Buffer): Promise<number> {
  const modules = await generationModules();
  const input = join(dir, 'recording.webm');
  await writeFile(input, video);
  type Route = 'single' | 'unwarped' | 'thorough' | 'multi';
  const runs: Record<Route, MediaStageResult[]> = { single: [], unwarped: [], thorough: [], multi: [] };
  const stage = (route: Route, work: string) =>
    route === 'multi' ? multiPassStage(modules, input, work) : route === 'single' ? singlePassStage(modules, input, work) : singlePassStage(modules, input, work, route === 'unwarped' ? 'single-pass' : 'thorough', 1);
  for (let round = 0; round < MEDIA_ROUNDS; round++) {
    const order: Route[] = ['single', 'unwarped', 'thorough', 'multi'];
    for (const route of round % 2 === 0 ? order : order.reverse()) {
      const work = await mkdtemp(join(dir, `${route}-`));
      runs[route].push(await stage(route, work));
      await rm(work, { recursive: true, force: true });
    }
  }
  const median = (route: Route, key: 'ms' | 'ffmpegMs' | 'speechMs') => percentile(runs[route].map((result) => result[key]), 50);
  const [single, unwarped, thorough, multi] = [runs.single[0]!, runs.unwarped[0]!, runs.thorough[0]!, runs.multi[0]!];
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  console.log(`Media stage in this process (download to transcript and read keyframes), ${MEDIA_ROUNDS} alternating runs each, medians:`);
  console.log(`  single ffmpeg pass, OCR ${(await generationModules()).bounded.imageReadConcurrency(1)} at once, pocketsphinx single pass (now): ${ms(median('single', 'ms'))} (speech and keyframes ready after ${ms(median('single', 'ffmpegMs'))})`);
  console.log(`  baseline, the same heard unwarped (before the speaker's warp was chosen): ${ms(median('unwarped', 'ms'))} (the warp changed ${wordsApart(single.text, unwarped.text)} of ${unwarped.text.split(' ').length} words heard)`);
  console.log(`  baseline, unwarped with pocketsphinx's thorough search (the design before that): ${ms(median('thorough', 'ms'))}`);
  console.log(`  baseline, previous route (remux, speech, duration, scenes; OCR one at a time): ${ms(median('multi', 'ms'))} (speech ready after ${ms(median('multi', 'speechMs'))}, keyframes after ${ms(median('multi', 'ffmpegMs'))})`);
  const shift = single.keyframeTimes.length === multi.keyframeTimes.length ? Math.max(0, ...single.keyframeTimes.map((at, index) => Math.abs(at - multi.keyframeTimes[index]!))) : Infinity;
  console.log(
    `  same output: keyframes ${shift <= 0.05 ? 'yes' : 'NO'} (${single.keyframeTimes.length} against ${multi.keyframeTimes.length}, times at most ${Math.round(shift * 1000)} ms apart: ${single.keyframeTimes.join(', ')} s), speech spans ${same(single.spans, multi.spans) ? 'yes' : 'NO'}, transcript of the thorough search ${thorough.text === multi.text ? 'yes' : 'NO'} (unwarped single pass: ${wordsApart(unwarped.text, thorough.text)} of ${thorough.text.split(' ').length} words differ), OCR text ${same(single.ocr, multi.ocr) ? 'yes' : 'NO'}\n`,
  );
  return median('single', 'ms');
}

/** Word-level edit distance: how many words one transcript would need changed to be the other. */
function wordsApart(a: string, b: string): number {
  const [x, y] = [a.split(' ').filter(Boolean), b.split(' ').filter(Boolean)];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[y.length]!;
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'sopwright-bench-media-'));
  try {
    const video = await oneMinuteScreenRecording(dir);
    console.log(`Generation benchmark (offline providers): a 60 s 1280x720 screen recording (${(video.length / 1024).toFixed(0)} KB webm), ${process.env.HOSTNAME ?? 'this machine'}\n`);
    await compareMediaStage(dir, video);
    if (process.argv.includes('--media')) return;
    for (const workers of [1, 2]) {
      await withStack({ generation: workers }, async (stack) => {
        const token = await proUser(stack);
        console.log(`${workers} generation worker(s):`);
        if (workers === 1) {
          const { total, stageStarts } = await fromVideo(stack, token, video);
          const seen = generationStages.filter((stage) => stageStarts[stage] !== undefined);
          const rows = seen.map((stage, index) => `    ${stage.padEnd(17)} ${ms((stageStarts[seen[index + 1]!] ?? total) - stageStarts[stage]!)}`);
          console.log(`  one screen recording: ${ms(total)} end to end (upload included), stages as followed through GET /api/jobs/:id every 50 ms:\n${rows.join('\n')}`);
          console.log(`  = ${(total / 1000).toFixed(1)} s per minute of video, ${(total / 60_000).toFixed(3)}× real time\n`);
        }
        let started = performance.now();
        await Promise.all(Array.from({ length: TEXT_JOBS }, () => fromText(stack, token)));
        let seconds = (performance.now() - started) / 1000;
        console.log(`  from text: ${TEXT_JOBS} concurrent in ${seconds.toFixed(1)} s = ${((TEXT_JOBS / seconds) * 60).toFixed(0)} SOPs/min`);
        started = performance.now();
        await Promise.all(Array.from({ length: VIDEO_JOBS }, () => fromVideo(stack, token, video)));
        seconds = (performance.now() - started) / 1000;
        console.log(`  from video: ${VIDEO_JOBS} one-minute recordings concurrently in ${seconds.toFixed(1)} s = ${((VIDEO_JOBS / seconds) * 60).toFixed(1)} video-minutes/min\n`);
      });
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
