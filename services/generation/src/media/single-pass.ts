import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { big, lastLine, run, spreadEvenly, UnreadableMediaError, writeFrames, type FfmpegTools, type Keyframe } from './ffmpeg';
import { parseSilences, shortenSilences, SPEECH_FILTER, speechOutputArgs, type SpeechAudio } from './speech-audio';

/** What a file's header says (no decoding). A browser (MediaRecorder) webm has no duration: 0. */
export interface MediaStreams {
  durationSec: number;
  hasAudio: boolean;
  hasVideo: boolean;
}

export function parseProbe(json: string): MediaStreams {
  const probed = JSON.parse(json) as { streams?: { codec_type?: string }[]; format?: { duration?: string } };
  const types = (probed.streams ?? []).map((stream) => stream.codec_type);
  const seconds = Number.parseFloat(probed.format?.duration ?? '');
  return { durationSec: Number.isFinite(seconds) && seconds > 0 ? seconds : 0, hasAudio: types.includes('audio'), hasVideo: types.includes('video') };
}

export async function probeMedia(tools: FfmpegTools, input: string): Promise<MediaStreams> {
  try {
    const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', input]);
    return parseProbe(stdout);
  } catch (error) {
    throw new UnreadableMediaError(`ffmpeg could not read the file: ${lastLine(error)}`);
  }
}

/** How many keyframes a recording of this length should have at least, and the sampling interval that tops them up. */
export function keyframeTarget(durationSec: number, max: number): { wanted: number; intervalSec: number | null } {
  const wanted = Math.min(max, Math.max(2, Math.floor(durationSec / 20)));
  return { wanted, intervalSec: durationSec > 4 ? Math.max(2, durationSec / wanted) : null };
}

export interface PassPlan {
  input: string;
  /** Where the normalised speech goes (16 kHz mono WAV, silences reported); none when the file has no sound or it is not wanted. */
  audioOutput?: string;
  /** Keyframe candidates: the first frame and every scene change, and with `intervalSec` frames at that interval too. */
  frames?: { dir: string; threshold: number; intervalSec: number | null };
  /** The container has no duration: copy the video packets to nowhere as well, so the pass's end time covers the whole video. */
  measureDuration?: boolean;
}

const scaled = "scale='min(1280,iw)':-2";

/**
 * One ffmpeg run over the recording for everything the pipeline needs from it: the speech
 * track (the same filters as extractSpeechAudio) and the keyframe candidates (the same
 * selection as pickKeyframes, split from one decode). showinfo instances are named, so the
 * times of each output can be told apart in stderr.
 */
export function singlePassArgs(plan: PassPlan): string[] {
  const graphs: string[] = [];
  const outputs: string[] = [];
  if (plan.audioOutput) {
    graphs.push(`[0:a:0]${SPEECH_FILTER}[speech]`);
    outputs.push('-map', '[speech]', ...speechOutputArgs(plan.audioOutput));
  }
  if (plan.frames) {
    const { dir, threshold, intervalSec } = plan.frames;
    const scene = `select='eq(n\\,0)+gt(scene\\,${threshold})',${scaled},showinfo@scene`;
    if (intervalSec === null) graphs.push(`[0:v:0]${scene}[scene]`);
    else graphs.push(`[0:v:0]split=2[forscene][forinterval];[forscene]${scene}[scene];[forinterval]fps=1/${intervalSec.toFixed(3)},${scaled},showinfo@interval[interval]`);
    outputs.push('-map', '[scene]', '-fps_mode', 'vfr', '-q:v', '3', join(dir, 'scene_%04d.jpg'));
    if (intervalSec !== null) outputs.push('-map', '[interval]', '-fps_mode', 'vfr', '-q:v', '3', join(dir, 'interval_%04d.jpg'));
  }
  if (plan.measureDuration) outputs.push('-map', '0:v:0', '-c', 'copy', '-f', 'null', '-');
  if (outputs.length === 0) throw new Error('A media pass needs at least one output');
  return ['-hide_banner', '-nostdin', '-y', '-i', plan.input, '-filter_complex', graphs.join(';'), ...outputs];
}

/** `pts_time:` of every frame the showinfo instance named `name` printed, in output order. */
export function parseNamedShowinfoTimes(stderr: string, name: string): number[] {
  const pattern = new RegExp(`\\[showinfo@${name} @ [^\\]]*\\] n:\\s*\\d+ .*?pts_time:\\s*(-?[\\d.]+)`, 'g');
  return [...stderr.matchAll(pattern)].map((match) => Number(match[1]));
}

/** The last `time=` of ffmpeg's progress line: where the furthest output ended, in seconds; null when it printed none. */
export function parseEndTime(stderr: string): number | null {
  const times = [...stderr.matchAll(/time=\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/g)];
  const last = times.at(-1);
  return last ? Number(last[1]) * 3600 + Number(last[2]) * 60 + Number(last[3]) : null;
}

export interface ExtractedMedia {
  /** Null when the file has no sound (or speech was not asked for). */
  speech: SpeechAudio | null;
  keyframes: Keyframe[];
  durationSec: number;
}

async function framesOf(dir: string, prefix: string, times: number[]): Promise<Keyframe[]> {
  const files = (await readdir(dir)).filter((name) => name.startsWith(`${prefix}_`)).sort();
  return files.map((name, index) => ({ path: join(dir, name), atSec: times[index] ?? 0 }));
}

/**
 * Speech and keyframes from one read of the recording (the previous route read it three or
 * four times: remux, speech, duration, scenes). The container is read as it is: a browser
 * webm without a duration needs no remux, since the pass measures the duration itself.
 * Only when that duration was unknown beforehand and the recording has too few cuts does a
 * second, video-only run sample frames at an interval.
 */
export async function extractMedia(
  tools: FfmpegTools,
  input: string,
  workDir: string,
  wants: { speech: boolean; keyframes?: { threshold: number; max: number } },
): Promise<ExtractedMedia> {
  const streams = await probeMedia(tools, input);
  const audioOutput = wants.speech && streams.hasAudio ? join(workDir, 'speech.normalised.wav') : undefined;
  const framesDir = join(workDir, 'frames');
  // A video without pictures is not one, as when each tool read it on its own.
  if (wants.keyframes && !streams.hasVideo) throw new UnreadableMediaError('ffmpeg could not read the video: the file has no video stream');
  const keyframes = wants.keyframes;
  const known = streams.durationSec > 0;
  const target = keyframes && known ? keyframeTarget(streams.durationSec, keyframes.max) : null;
  if (!audioOutput && !keyframes) return { speech: null, keyframes: [], durationSec: streams.durationSec };
  if (keyframes) await mkdir(framesDir, { recursive: true });

  let stderr: string;
  try {
    ({ stderr } = await run(
      tools.ffmpeg,
      singlePassArgs({
        input,
        audioOutput,
        frames: keyframes ? { dir: framesDir, threshold: keyframes.threshold, intervalSec: target?.intervalSec ?? null } : undefined,
        measureDuration: Boolean(keyframes) && !known,
      }),
      big,
    ));
  } catch (error) {
    throw new UnreadableMediaError(`ffmpeg could not read the recording: ${lastLine(error)}`);
  }
  const durationSec = known ? streams.durationSec : (parseEndTime(stderr) ?? 0);

  const speech = audioOutput ? await shortenSilences(tools, audioOutput, join(workDir, 'speech.wav'), parseSilences(stderr)) : null;
  if (!keyframes) return { speech, keyframes: [], durationSec };

  const scenes = await framesOf(framesDir, 'scene', parseNamedShowinfoTimes(stderr, 'scene'));
  const { wanted, intervalSec } = target ?? keyframeTarget(durationSec, keyframes.max);
  let frames = scenes;
  if (scenes.length < wanted && intervalSec !== null) {
    const sampled = target
      ? await framesOf(framesDir, 'interval', parseNamedShowinfoTimes(stderr, 'interval'))
      : await writeFrames(tools, input, `fps=1/${intervalSec.toFixed(3)}`, framesDir, 'interval').catch((error: unknown) => {
          throw new UnreadableMediaError(`ffmpeg could not read the video: ${lastLine(error)}`);
        });
    const extra = sampled.filter((frame) => scenes.every((scene) => Math.abs(scene.atSec - frame.atSec) > intervalSec / 2));
    frames = [...scenes, ...extra].sort((a, b) => a.atSec - b.atSec);
  }
  const kept = spreadEvenly(frames, keyframes.max);
  // Candidates not kept are removed now rather than with the job folder: a long recording can leave many.
  const keptPaths = new Set(kept.map((frame) => frame.path));
  await Promise.all((await readdir(framesDir)).map((name) => join(framesDir, name)).filter((path) => !keptPaths.has(path)).map((path) => rm(path, { force: true })));
  return { speech, keyframes: kept, durationSec };
}
