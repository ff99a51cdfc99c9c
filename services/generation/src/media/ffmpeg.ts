import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { runTool } from '@sopwright/server-kit';

export const run = runTool;
/** ffmpeg's stderr can be long (showinfo, silencedetect): room for it. */
export const big = { maxBuffer: 256 * 1024 * 1024 };

export interface Keyframe {
  path: string;
  atSec: number;
}

export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
}

/** Media the user sent that ffmpeg cannot decode: their file, not our fault, so it is not retried. */
export class UnreadableMediaError extends Error {}

/**
 * Rewrites the container without re-encoding. Browser MediaRecorder webm has no duration
 * (ffprobe says N/A); after a copy remux it has one, and seeking and sampling work.
 */
export async function remux(tools: FfmpegTools, input: string, output: string): Promise<void> {
  try {
    await run(tools.ffmpeg, ['-hide_banner', '-nostdin', '-y', '-i', input, '-map', '0', '-c', 'copy', output], big);
  } catch (error) {
    throw new UnreadableMediaError(`ffmpeg could not read the file: ${lastLine(error)}`);
  }
}

export async function durationSec(tools: FfmpegTools, input: string): Promise<number> {
  const { stdout } = await run(tools.ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=nw=1:nk=1', input]);
  const seconds = Number.parseFloat(stdout.trim());
  return Number.isFinite(seconds) ? seconds : 0;
}

/** `pts_time:` of every frame showinfo printed, in output order. */
export function parseShowinfoTimes(stderr: string): number[] {
  return [...stderr.matchAll(/\] n:\s*\d+ .*?pts_time:\s*(-?[\d.]+)/g)].map((match) => Number(match[1]));
}

/** Frames `filter` selects, as JPEGs at most 1280 px wide, with their times (a video-only run). */
export async function writeFrames(tools: FfmpegTools, input: string, filter: string, dir: string, prefix: string): Promise<Keyframe[]> {
  const { stderr } = await run(
    tools.ffmpeg,
    ['-hide_banner', '-nostdin', '-y', '-i', input, '-an', '-vf', `${filter},scale='min(1280,iw)':-2,showinfo`, '-vsync', 'vfr', '-q:v', '3', join(dir, `${prefix}_%04d.jpg`)],
    big,
  );
  const times = parseShowinfoTimes(stderr);
  const files = (await readdir(dir)).filter((name) => name.startsWith(`${prefix}_`)).sort();
  return files.map((name, index) => ({ path: join(dir, name), atSec: times[index] ?? 0 }));
}

/** Keeps `max` frames spread evenly over the list, always the first. */
export function spreadEvenly<T>(items: T[], max: number): T[] {
  if (items.length <= max) return items;
  const step = items.length / max;
  return Array.from({ length: max }, (_, index) => items[Math.floor(index * step)]!);
}

/**
 * The frames worth showing: the first one and every scene change (a low threshold, since UI
 * changes score far below film cuts), topped up with frames at a fixed interval when the
 * recording has too few cuts to illustrate it, and capped. A run of its own over the video
 * (and a second for the top-up): the worker uses extractMedia's single pass, which selects
 * the same frames; this multi-pass route is the benchmark's baseline.
 */
export async function pickKeyframes(tools: FfmpegTools, input: string, dir: string, options: { threshold: number; max: number; durationSec: number }): Promise<Keyframe[]> {
  let scenes: Keyframe[];
  try {
    scenes = await writeFrames(tools, input, `select='eq(n\\,0)+gt(scene\\,${options.threshold})'`, dir, 'scene');
  } catch (error) {
    throw new UnreadableMediaError(`ffmpeg could not read the video: ${lastLine(error)}`);
  }
  const wanted = Math.min(options.max, Math.max(2, Math.floor(options.durationSec / 20)));
  let frames = scenes;
  if (scenes.length < wanted && options.durationSec > 4) {
    const interval = Math.max(2, options.durationSec / wanted);
    const sampled = await writeFrames(tools, input, `fps=1/${interval.toFixed(3)}`, dir, 'interval');
    const extra = sampled.filter((frame) => scenes.every((scene) => Math.abs(scene.atSec - frame.atSec) > interval / 2));
    frames = [...scenes, ...extra].sort((a, b) => a.atSec - b.atSec);
  }
  return spreadEvenly(frames, options.max);
}

/** Everything a failed ffmpeg run printed. */
export function stderrOf(error: unknown): string {
  return String((error as { stderr?: string }).stderr ?? (error as Error).message ?? error);
}

/** The last lines ffmpeg printed before failing, for the error a user or operator reads. */
export function lastLine(error: unknown, lines = 1): string {
  return stderrOf(error).trim().split('\n').slice(-lines).join(' ').slice(0, 500);
}
