import { runTool } from '@sopwright/server-kit';
import type { Transcriber, Transcript, TranscriptWord } from '../transcriber';

const run = runTool;

/** Markers pocketsphinx prints around and inside utterances; they are not words. */
const nonWords = /^(?:<s>|<\/s>|<sil>|\[NOISE\]|\[SPEECH\]|\+\+.*\+\+)$/i;

/**
 * Parses `pocketsphinx_continuous -time yes` output: each utterance is a line of text
 * followed by lines "word start end confidence"; alternative pronunciations look like "the(2)".
 */
export function parsePocketsphinxOutput(stdout: string): Transcript {
  const words: TranscriptWord[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^(\S+)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*$/.exec(line.trim());
    if (!match) continue;
    const word = match[1]!.replace(/\(\d+\)$/, '');
    if (nonWords.test(word)) continue;
    words.push({ word, startSec: Number(match[2]), endSec: Number(match[3]) });
  }
  return { text: words.map((entry) => entry.word).join(' '), words };
}

/** Offline speech to text with Debian's pocketsphinx and its en-us model (single-threaded, about 0.3× real time). */
export class PocketsphinxTranscriber implements Transcriber {
  readonly name = 'pocketsphinx';

  constructor(private readonly binary = 'pocketsphinx_continuous') {}

  async transcribe(wavPath: string): Promise<Transcript> {
    const { stdout } = await run(this.binary, ['-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null'], { maxBuffer: 64 * 1024 * 1024 });
    return parsePocketsphinxOutput(stdout);
  }
}
