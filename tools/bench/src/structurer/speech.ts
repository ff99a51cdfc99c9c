import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** flite's voices: kal is its 8 kHz default; slt, awb, rms and kal16 are 16 kHz. */
export const fliteVoices = ['slt', 'kal', 'awb', 'rms', 'kal16'] as const;

/** Speaks `text` with flite into a WAV file at `path`. */
export async function speak(text: string, voice: string, path: string): Promise<void> {
  await run('flite', ['-voice', voice, '-t', text, '-o', path]);
}

/** The raw tool, as a baseline: ffmpeg to 16 kHz mono, then pocketsphinx with its defaults. */
export async function rawPocketsphinx(wavPath: string, dir: string): Promise<string> {
  const resampled = join(dir, 'raw-16k.wav');
  await run('ffmpeg', ['-v', 'error', '-y', '-i', wavPath, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', resampled]);
  const { stdout } = await run('pocketsphinx_continuous', ['-infile', resampled, '-logfn', '/dev/null'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.replace(/\n/g, ' ').trim();
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .split(/[^a-z0-9']+/)
    .filter(Boolean);

/** Word error rate: word-level edit distance / reference words. */
export function wordErrorRate(reference: string, hypothesis: string): { errors: number; words: number } {
  const ref = words(reference);
  const hyp = words(hypothesis);
  let previous = Array.from({ length: hyp.length + 1 }, (_, index) => index);
  for (let i = 1; i <= ref.length; i++) {
    const current = [i];
    for (let j = 1; j <= hyp.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return { errors: previous[hyp.length]!, words: ref.length };
}
