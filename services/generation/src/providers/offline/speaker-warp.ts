import { runTool } from '@sopwright/server-kit';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';

/**
 * Vocal tract length normalisation. pocketsphinx's en-us acoustic model fits some voices far
 * better than others; stretching the frequency axis of the speech to the model (its
 * `-warp_params`, inverse linear warping) hears more words right. The warp is the speaker's,
 * so it is chosen for each recording: the one under which the decoder's best path through a
 * sample of the speech scores highest (maximum likelihood), coarse then fine.
 *
 * Measured on the first 30 s of 12 narrations read by three flite voices (README, "Fitting the
 * voice"): the best-scoring warp had the fewest word errors, or was next to it; the female
 * voice (slt) wanted about 1.8 (word error rate 20.3 % → 13.5 %), the male voices about 0.9.
 */
export const NO_WARP = 1;
/** Two rounds of two decodes, one round on two cores: 0.8 to 1.75 (voices measured wanted 0.8–2.0, and 1.75 scores as 2.0 did). */
const coarse = [0.9, 1.4];
const fine: Record<number, number[]> = { 0.9: [0.8, 1.05], 1.4: [1.15, 1.75] };

/** The warp whose score is highest: the coarse ones, then the neighbours of the best of them. Ties go to the warp nearer none. */
export async function chooseWarp(scoreOf: (warp: number) => Promise<number | null>, parallel: number): Promise<number> {
  const scores = new Map<number, number>();
  const score = async (warps: number[]) => {
    for (let i = 0; i < warps.length; i += parallel) {
      const batch = warps.slice(i, i + parallel);
      const results = await Promise.all(batch.map(scoreOf));
      batch.forEach((warp, j) => results[j] != null && scores.set(warp, results[j]!));
    }
  };
  const best = () => {
    let chosen: number | null = null;
    for (const [warp, value] of scores) {
      const current = chosen === null ? undefined : scores.get(chosen)!;
      if (current === undefined || value > current || (value === current && Math.abs(warp - NO_WARP) < Math.abs(chosen! - NO_WARP))) chosen = warp;
    }
    return chosen;
  };
  await score(coarse);
  const coarseBest = best();
  if (coarseBest === null) return NO_WARP;
  await score(fine[coarseBest] ?? []);
  return best() ?? NO_WARP;
}

/** The total score of the best path in `pocketsphinx_batch -hypseg` output ("utt S 0 T -61721 A …"), or null without one. */
export function parseHypsegScore(hypseg: string): number | null {
  const match = /^\S+ S -?\d+ T (-?\d+) A /m.exec(hypseg);
  return match ? Number(match[1]) : null;
}

/** The recognisers' batch decoder beside the continuous one (`pocketsphinx_continuous` → `pocketsphinx_batch`). */
export function batchDecoderOf(continuousBinary: string): string {
  const name = basename(continuousBinary).replace('continuous', 'batch');
  return continuousBinary.includes('/') ? join(dirname(continuousBinary), name) : name;
}

/**
 * The first seconds of speech, decoded with a narrower search than recognition (at most 1,000
 * HMMs and 5 words a frame): on 18 narrations of three voices, 5 s chose as 8 s did for the
 * voice that needs a warp (flite's slt, 1.75 every time), and within the flat range 0.8–1.05
 * for those that hardly do, in 36 % of the time (8 s as 15 s, within one step, in 60 %).
 * The choice is on the critical path of every recording.
 */
const SAMPLE_SEC = 5;
const scoringSearch = ['-maxhmmpf', '1000', '-maxwpf', '5'];
/** Too little speech to tell a voice by; it is heard unwarped. */
const MIN_SAMPLE_SEC = 2;
const FRAMES_PER_SEC = 100;
const BYTES_PER_SEC = 16_000 * 2;

export interface WarpScoring {
  batchBinary: string;
  /** The decoder's other arguments (language model, search), as the recognition will use them. */
  args: string[];
  parallel: number;
  /** Seconds of speech scored under each warp (by default SAMPLE_SEC). */
  sampleSec?: number;
}

/** Chooses the warp for 16 kHz 16-bit mono speech in a WAV file by decoding its first seconds under each candidate. */
export async function chooseWarpFor(wavPath: string, scoring: WarpScoring): Promise<number> {
  const seconds = Math.min(scoring.sampleSec ?? SAMPLE_SEC, ((await stat(wavPath)).size - 44) / BYTES_PER_SEC);
  const extension = extname(wavPath);
  // The control file's fields are separated by spaces.
  if (seconds < MIN_SAMPLE_SEC || /\s/.test(basename(wavPath))) return NO_WARP;
  // A control line is "file (without directory or extension) first-frame last-frame utterance".
  const control = `${basename(wavPath, extension)} 0 ${Math.floor(seconds * FRAMES_PER_SEC)} sample`;
  const scoreOf = async (warp: number) => {
    // Files, not /dev/stdout: a child's stdout from Node is a socket, which cannot be opened by path.
    const controlFile = `${wavPath}.warp-${warp}.ctl`;
    const resultFile = `${wavPath}.warp-${warp}.seg`;
    await writeFile(controlFile, `${control}\n`);
    try {
      await runTool(scoring.batchBinary, [
        '-adcin', 'yes', '-cepdir', dirname(wavPath), '-cepext', extension, '-ctl', controlFile,
        '-hypseg', resultFile, '-hyp', '/dev/null', '-logfn', '/dev/null',
        '-warp_type', 'inverse_linear', '-warp_params', String(warp), ...scoring.args, ...scoringSearch,
      ]);
      return parseHypsegScore(await readFile(resultFile, 'utf8'));
    } catch {
      // A warp that cannot be scored (no batch decoder, a decoder that failed) is not chosen;
      // with none scored the speech is heard unwarped, as before this existed.
      return null;
    } finally {
      await Promise.all([rm(controlFile, { force: true }), rm(resultFile, { force: true })]);
    }
  };
  return chooseWarp(scoreOf, Math.max(1, scoring.parallel));
}
