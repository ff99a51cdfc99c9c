import { runTool } from '@sopwright/server-kit';
import { rm } from 'node:fs/promises';
import { defaultLanguageModel } from '../../speech-model/model-files';
import type { Transcriber, Transcript, TranscriptWord } from '../transcriber';
import { batchDecoderOf, chooseWarpFor, NO_WARP } from './speaker-warp';
import { cutAtPauses } from './speech-pieces';

const run = runTool;

/** Markers pocketsphinx prints around and inside utterances; they are not words. */
const nonWords = /^(?:<s>|<\/s>|<sil>|\[NOISE\]|\[SPEECH\]|\+\+.*\+\+)$/i;

/**
 * Parses `pocketsphinx_continuous -time yes` output: each utterance is a line of text
 * followed by lines "word start end confidence"; alternative pronunciations look like "the(2)".
 */
export function parsePocketsphinxOutput(stdout: string, offsetSec = 0): Transcript {
  const words: TranscriptWord[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^(\S+)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*$/.exec(line.trim());
    if (!match) continue;
    const word = match[1]!.replace(/\(\d+\)$/, '');
    if (nonWords.test(word)) continue;
    const at = (seconds: string) => Math.round((Number(seconds) + offsetSec) * 1000) / 1000;
    words.push({ word, startSec: at(match[2]!), endSec: at(match[3]!) });
  }
  return { text: words.map((entry) => entry.word).join(' '), words };
}

/**
 * A piece shorter than this is not worth a recogniser of its own: loading the model takes
 * about 0.7 s of CPU, and on a busy 2-core worker the pieces compete with keyframe OCR
 * (a 60 s screen recording was slower cut in two; 148 s of speech took half the time).
 */
const MIN_PIECE_SEC = 30;

/**
 * How hard the decoder searches. 'single-pass' keeps pocketsphinx's first (tree) pass and its
 * answer: its second passes (flat lexicon, best path through the lattice) took a quarter of the
 * time for under one point of word error rate on flite narration (24.1 % → 25.0 %), and
 * speech is the critical path of a video's generation. 'thorough' is pocketsphinx's default.
 */
export type PocketsphinxSearch = 'single-pass' | 'thorough';
const searchArgs: Record<PocketsphinxSearch, string[]> = { 'single-pass': ['-fwdflat', 'no', '-bestpath', 'no'], thorough: [] };

export interface PocketsphinxOptions {
  binary?: string;
  /** Pieces of long speech recognised at once (the worker's share of the cores). */
  parallel?: number;
  minPieceSec?: number;
  search?: PocketsphinxSearch;
  /** An ARPA or pocketsphinx binary language model; '' for pocketsphinx's own general model; by default the listening model (see speech-model/model-files). */
  languageModel?: string;
  /** The speaker's frequency warp: 'auto' chooses it for each recording (see speaker-warp), a number fixes it (1: none). */
  warp?: 'auto' | number;
}

/**
 * Offline speech to text with Debian's pocketsphinx and its en-us acoustic model. pocketsphinx
 * uses one core (about 0.3× real time), so long speech is cut at pauses into up to `parallel`
 * pieces recognised at once, their word times put back on the recording's clock.
 */
export class PocketsphinxTranscriber implements Transcriber {
  readonly name = 'pocketsphinx';
  private readonly binary: string;
  private readonly parallel: number;
  private readonly minPieceSec: number;
  private readonly args: string[];
  private readonly warp: 'auto' | number;

  constructor(options: PocketsphinxOptions = {}) {
    this.binary = options.binary ?? 'pocketsphinx_continuous';
    this.parallel = options.parallel ?? 1;
    this.minPieceSec = options.minPieceSec ?? MIN_PIECE_SEC;
    const languageModel = options.languageModel ?? defaultLanguageModel();
    this.args = [...searchArgs[options.search ?? 'single-pass'], ...(languageModel ? ['-lm', languageModel] : [])];
    this.warp = options.warp ?? 'auto';
  }

  /** The warp this recording is heard with. */
  async warpFor(wavPath: string): Promise<number> {
    if (this.warp !== 'auto') return this.warp;
    return chooseWarpFor(wavPath, { batchBinary: batchDecoderOf(this.binary), args: this.args, parallel: this.parallel });
  }

  async transcribe(wavPath: string): Promise<Transcript> {
    const warp = await this.warpFor(wavPath);
    const args = warp === NO_WARP ? this.args : [...this.args, '-warp_type', 'inverse_linear', '-warp_params', String(warp)];
    const pieces = this.parallel > 1 ? await cutAtPauses(wavPath, this.parallel, this.minPieceSec) : null;
    if (!pieces) return this.recognise(wavPath, 0, args);
    try {
      const parts = await Promise.all(pieces.map((piece) => this.recognise(piece.path, piece.startSec, args)));
      const words = parts.flatMap((part) => part.words);
      return { text: words.map((entry) => entry.word).join(' '), words };
    } finally {
      await Promise.all(pieces.map((piece) => rm(piece.path, { force: true })));
    }
  }

  private async recognise(wavPath: string, offsetSec: number, args: string[]): Promise<Transcript> {
    const { stdout } = await run(this.binary, ['-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null', ...args], { maxBuffer: 64 * 1024 * 1024 });
    return parsePocketsphinxOutput(stdout, offsetSec);
  }
}
