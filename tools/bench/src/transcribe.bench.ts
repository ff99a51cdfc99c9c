import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { loadEvalSets } from './structurer/eval-set';
import { wordErrorRate } from './structurer/speech';
import { ms, percentile } from './stats';

/**
 * Offline transcription of long speech, alternating: pocketsphinx on the whole recording with
 * its thorough search and general en-us language model (the first design), the recording cut
 * at pauses into pieces recognised at once (one per core) in a single pass with the general
 * model (the previous design), and the same with the procedures language model (now). The
 * speech is four held-out spoken evaluation items joined into one narration read by flite:
 * held-out, because the procedures model was built from the development set.
 * Prints wall time (medians) and word error rate of each.
 *
 *   npm run bench:transcribe -w @sopwright/bench
 */
const run = promisify(execFile);
const ROUNDS = 3;

interface Transcriber {
  transcribe(wavPath: string): Promise<{ text: string }>;
}
type TranscriberClass = new (options?: { parallel?: number; search?: 'single-pass' | 'thorough'; languageModel?: string }) => Transcriber;

async function main() {
  // The worker's own code, as built (a bench may load a service's dist, never the reverse).
  const load = (path: string) => import(`@sopwright/generation/dist/${path}.js`) as Promise<Record<string, unknown>>;
  const { PocketsphinxTranscriber } = (await load('providers/offline/pocketsphinx-transcriber')) as { PocketsphinxTranscriber: TranscriberClass };
  const { coreShare } = (await load('worker/bounded')) as { coreShare: (concurrency: number) => number };
  const dir = await mkdtemp(join(tmpdir(), 'bench-transcribe-'));
  try {
    const said = loadEvalSets().holdout.filter((item) => item.style === 'spoken').slice(0, 4).map((item) => item.text).join(' ');
    await run('flite', ['-voice', 'slt', '-t', said, '-o', join(dir, 'said.wav')]);
    const wav = join(dir, 'said.16k.wav');
    await run('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, 'said.wav'), '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', wav]);
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav]);
    const parallel = coreShare(1);
    const designs: [string, Transcriber][] = [
      ['whole, thorough search, general model (first)', new PocketsphinxTranscriber({ search: 'thorough', languageModel: '' })],
      [`cut at pauses, ${parallel} at once, single pass, general model (previous)`, new PocketsphinxTranscriber({ parallel, languageModel: '' })],
      [`cut at pauses, ${parallel} at once, single pass, procedures model (now)`, new PocketsphinxTranscriber({ parallel })],
    ];
    const times = new Map<string, number[]>(designs.map(([label]) => [label, []]));
    const errors = new Map<string, string>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [label, transcriber] of round % 2 === 0 ? designs : [...designs].reverse()) {
        const started = performance.now();
        const { text } = await transcriber.transcribe(wav);
        times.get(label)!.push(performance.now() - started);
        const { errors: wrong, words } = wordErrorRate(said, text);
        errors.set(label, `${((100 * wrong) / words).toFixed(1)}%`);
      }
    }
    console.log(`Offline transcription of ${Number(stdout).toFixed(0)} s of flite speech (4 held-out spoken items), ${ROUNDS} alternating rounds, medians:`);
    for (const [label] of designs) console.log(`  ${label.padEnd(70)} ${ms(percentile(times.get(label)!, 50)).padStart(9)}   WER ${errors.get(label)}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
