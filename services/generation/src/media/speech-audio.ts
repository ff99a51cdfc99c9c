import { rename, rm } from 'node:fs/promises';
import { big, lastLine, run, stderrOf, UnreadableMediaError, type FfmpegTools } from './ffmpeg';

/** A stretch of the original kept in the prepared audio: where it starts in each. */
export interface KeptSpan {
  originalSec: number;
  preparedSec: number;
}

export interface SpeechAudio {
  /** 16 kHz mono PCM WAV, loudness normalised, long silences shortened. */
  path: string;
  /** In order; maps prepared times back to the recording's, so steps and keyframes line up. */
  spans: KeptSpan[];
}

/** Silences longer than this are shortened to KEEP_SEC: recognisers drift in long silence and it costs time. */
const LONG_SILENCE_SEC = 1.5;
const KEEP_SEC = 0.6;

/** `silence_start` / `silence_end` pairs that ffmpeg's silencedetect printed. */
export function parseSilences(stderr: string): { startSec: number; endSec: number }[] {
  const silences: { startSec: number; endSec: number }[] = [];
  let start: number | null = null;
  for (const match of stderr.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    const at = Math.max(0, Number(match[2]));
    if (match[1] === 'start') start = at;
    else if (start !== null) {
      silences.push({ startSec: start, endSec: at });
      start = null;
    }
  }
  return silences;
}

/** The stretches to keep: everything but the middle of each long silence. */
export function keptSpans(silences: { startSec: number; endSec: number }[]): { fromSec: number; toSec: number | null }[] {
  const spans: { fromSec: number; toSec: number | null }[] = [];
  let from = 0;
  for (const silence of silences) {
    if (silence.endSec - silence.startSec < LONG_SILENCE_SEC) continue;
    spans.push({ fromSec: from, toSec: silence.startSec + KEEP_SEC / 2 });
    from = silence.endSec - KEEP_SEC / 2;
  }
  spans.push({ fromSec: from, toSec: null });
  return spans;
}

/** A time in the prepared audio, as a time in the original recording. */
export function originalTime(spans: KeptSpan[], preparedSec: number): number {
  let span = spans[0] ?? { originalSec: 0, preparedSec: 0 };
  for (const candidate of spans) if (candidate.preparedSec <= preparedSec) span = candidate;
  return Math.round((span.originalSec + (preparedSec - span.preparedSec)) * 1000) / 1000;
}

/** The speech filters: low rumble cut, loudness normalised (EBU R128), 16 kHz, silences reported. */
export const SPEECH_FILTER = 'highpass=f=80,loudnorm=I=-20:TP=-2:LRA=11,aresample=16000,silencedetect=noise=-45dB:d=1';
/** 16 kHz mono PCM WAV. */
export const speechOutputArgs = (output: string): string[] => ['-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'wav', output];

/**
 * Prepares speech for recognition: 16 kHz mono, low rumble cut, loudness normalised
 * (EBU R128, so quiet laptop microphones are heard), and silences over 1.5 s shortened.
 * Silence is found after normalising, so a quiet recording is not taken for silence.
 * Answers null when the file has no sound. (The worker gets the same from extractMedia's
 * single pass over a recording; this is the speech-only route.)
 */
export async function extractSpeechAudio(tools: FfmpegTools, input: string, output: string): Promise<SpeechAudio | null> {
  const normalised = `${output}.normalised.wav`;
  let silences: { startSec: number; endSec: number }[];
  try {
    const { stderr } = await run(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-i', input, '-vn', '-af', SPEECH_FILTER, ...speechOutputArgs(normalised)], big);
    silences = parseSilences(stderr);
  } catch (error) {
    if (/does not contain any stream|matches no streams|Output file .* does not contain/i.test(stderrOf(error))) return null;
    throw new UnreadableMediaError(`ffmpeg could not read the sound: ${lastLine(error)}`);
  }
  return shortenSilences(tools, normalised, output, silences);
}

/** Normalised speech with its long silences shortened (a run over the WAV only), and the spans that map its times back. */
export async function shortenSilences(tools: FfmpegTools, normalised: string, output: string, silences: { startSec: number; endSec: number }[]): Promise<SpeechAudio> {
  const kept = keptSpans(silences);
  if (kept.length === 1) {
    await rename(normalised, output);
    return { path: output, spans: [{ originalSec: 0, preparedSec: 0 }] };
  }
  const select = kept.map((span) => `between(t,${span.fromSec.toFixed(3)},${span.toSec === null ? 1e9 : span.toSec.toFixed(3)})`).join('+');
  await run(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-i', normalised, '-af', `aselect='${select}',asetpts=N/SR/TB`, '-c:a', 'pcm_s16le', '-f', 'wav', output], big);
  await rm(normalised, { force: true });
  let prepared = 0;
  const spans = kept.map((span) => {
    const mapped = { originalSec: span.fromSec, preparedSec: prepared };
    if (span.toSec !== null) prepared += span.toSec - span.fromSec;
    return mapped;
  });
  return { path: output, spans };
}
