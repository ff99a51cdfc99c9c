import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The media stage of a video generation (from the downloaded file to its transcript and
 * read keyframes), run in this process with the generation worker's own modules and tools,
 * two ways: the worker's single ffmpeg pass with OCR several at once, and the previous
 * design kept here as the baseline (remux, speech, duration and scenes each a run over the
 * file, the keyframes read one after another). Transcription runs beside the keyframes in both.
 */
interface Keyframe {
  path: string;
  atSec: number;
}
interface SpeechAudio {
  path: string;
  spans: { originalSec: number; preparedSec: number }[];
}
interface Tools {
  ffmpeg: string;
  ffprobe: string;
}
interface GenerationModules {
  ffmpeg: {
    remux(tools: Tools, input: string, output: string): Promise<void>;
    durationSec(tools: Tools, input: string): Promise<number>;
    pickKeyframes(tools: Tools, input: string, dir: string, options: { threshold: number; max: number; durationSec: number }): Promise<Keyframe[]>;
  };
  speech: { extractSpeechAudio(tools: Tools, input: string, output: string): Promise<SpeechAudio | null> };
  singlePass: {
    extractMedia(tools: Tools, input: string, dir: string, wants: { speech: boolean; keyframes?: { threshold: number; max: number } }): Promise<{ speech: SpeechAudio | null; keyframes: Keyframe[] }>;
  };
  bounded: {
    forEachBounded<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void>;
    imageReadConcurrency(generationConcurrency: number): number;
    coreShare(generationConcurrency: number): number;
  };
  /** `parallel`: pieces of long speech recognised at once (the worker uses its share of the cores; the previous design 1). */
  transcriber: new (options?: { parallel?: number; search?: Search; warp?: Warp }) => { transcribe(path: string): Promise<{ text: string; words: unknown[] }> };
  reader: new () => { read(path: string, mimeType: string): Promise<{ text: string }> };
}

/** pocketsphinx's search: the worker's single pass (now), or its default two more passes (before). */
export type Search = 'single-pass' | 'thorough';
/** The speaker's frequency warp: chosen for each recording (now), or none (1, before). */
export type Warp = 'auto' | number;

export interface MediaStageResult {
  ms: number;
  /** When the speech was ready for the transcriber (the start of the longer path). */
  speechMs: number;
  /** When the keyframes were ready for OCR. */
  ffmpegMs: number;
  keyframeTimes: number[];
  spans: SpeechAudio['spans'];
  text: string;
  ocr: string[];
}

/** The generation worker's compiled modules (the service ships no type declarations; the shapes used are above). */
export async function generationModules(): Promise<GenerationModules> {
  const load = (path: string) => import(`@sopwright/generation/dist/${path}.js`) as Promise<Record<string, unknown>>;
  const [ffmpeg, speech, singlePass, bounded, pocketsphinx, tesseract] = await Promise.all(
    ['media/ffmpeg', 'media/speech-audio', 'media/single-pass', 'worker/bounded', 'providers/offline/pocketsphinx-transcriber', 'providers/offline/tesseract-image-reader'].map(load),
  );
  return {
    ffmpeg: ffmpeg as unknown as GenerationModules['ffmpeg'],
    speech: speech as unknown as GenerationModules['speech'],
    singlePass: singlePass as unknown as GenerationModules['singlePass'],
    bounded: bounded as unknown as GenerationModules['bounded'],
    transcriber: pocketsphinx!.PocketsphinxTranscriber as GenerationModules['transcriber'],
    reader: tesseract!.TesseractImageReader as GenerationModules['reader'],
  };
}

const tools: Tools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
const keyframeOptions = { threshold: 0.08, max: 12 };

async function transcribeAndRead(modules: GenerationModules, speech: SpeechAudio | null, frames: Keyframe[], readConcurrency: number, search: Search, warp: Warp) {
  const transcriber = new modules.transcriber({ parallel: modules.bounded.coreShare(1), search, warp });
  const reader = new modules.reader();
  const ocr: string[] = [];
  const [heard] = await Promise.all([
    speech ? transcriber.transcribe(speech.path) : Promise.resolve({ text: '', words: [] }),
    modules.bounded.forEachBounded(frames.map((frame, index) => ({ frame, index })), readConcurrency, async ({ frame, index }) => {
      ocr[index] = (await reader.read(frame.path, 'image/jpeg')).text;
    }),
  ]);
  return { text: heard.text, ocr };
}

/** The worker's route: one ffmpeg pass, then transcription beside OCR of the keyframes, several at once. */
export async function singlePassStage(modules: GenerationModules, input: string, dir: string, search: Search = 'single-pass', warp: Warp = 'auto'): Promise<MediaStageResult> {
  const started = performance.now();
  const media = await modules.singlePass.extractMedia(tools, input, dir, { speech: true, keyframes: keyframeOptions });
  const ffmpegMs = performance.now() - started;
  const { text, ocr } = await transcribeAndRead(modules, media.speech, media.keyframes, modules.bounded.imageReadConcurrency(1), search, warp);
  return { ms: performance.now() - started, speechMs: ffmpegMs, ffmpegMs, keyframeTimes: media.keyframes.map((frame) => frame.atSec), spans: media.speech?.spans ?? [], text, ocr };
}

/** The previous route: remux, speech, then transcription beside duration, scenes and OCR one frame after another. */
export async function multiPassStage(modules: GenerationModules, input: string, dir: string): Promise<MediaStageResult> {
  const started = performance.now();
  const fixed = join(dir, 'remuxed.webm');
  await modules.ffmpeg.remux(tools, input, fixed);
  const speech = await modules.speech.extractSpeechAudio(tools, fixed, join(dir, 'speech.wav'));
  const speechMs = performance.now() - started;
  const transcriber = new modules.transcriber({ search: 'thorough', warp: 1 });
  const reader = new modules.reader();
  let ffmpegMs = 0;
  let keyframes: Keyframe[] = [];
  const ocr: string[] = [];
  const [heard] = await Promise.all([
    speech ? transcriber.transcribe(speech.path) : Promise.resolve({ text: '', words: [] }),
    (async () => {
      await mkdir(join(dir, 'frames'));
      keyframes = await modules.ffmpeg.pickKeyframes(tools, fixed, join(dir, 'frames'), { ...keyframeOptions, durationSec: await modules.ffmpeg.durationSec(tools, fixed) });
      ffmpegMs = performance.now() - started;
      for (const frame of keyframes) ocr.push((await reader.read(frame.path, 'image/jpeg')).text);
    })(),
  ]);
  return { ms: performance.now() - started, speechMs, ffmpegMs, keyframeTimes: keyframes.map((frame) => frame.atSec), spans: speech?.spans ?? [], text: heard.text, ocr };
}
