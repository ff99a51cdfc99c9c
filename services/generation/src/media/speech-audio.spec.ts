import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractSpeechAudio, keptSpans, originalTime, parseSilences } from './speech-audio';

const tools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'speech-audio-spec-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Tone, silence, tone: a 440 Hz burst at `volumeDb`, `gapSec` of silence, another burst. */
function toneGapTone(name: string, gapSec: number, volumeDb: number): string {
  const path = join(dir, name);
  const tone = `sine=f=440:d=1:sample_rate=48000,volume=${volumeDb}dB`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', tone, '-f', 'lavfi', '-i', `anullsrc=r=48000:cl=mono:d=${gapSec}`, '-f', 'lavfi', '-i', tone, '-filter_complex', '[0][1][2]concat=n=3:v=0:a=1', '-ac', '2', path]);
  return path;
}

/** What ffmpeg prints about a file run through `filter` (silencedetect, volumedetect). */
function ffmpegReport(path: string, filter: string): string {
  return spawnSync('ffmpeg', ['-hide_banner', '-nostdin', '-i', path, '-af', filter, '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
}

describe('speech audio', () => {
  it('shortens a long silence to 0.6 s and maps times back to the recording', async () => {
    const prepared = await extractSpeechAudio(tools, toneGapTone('gap.wav', 4, -6), join(dir, 'gap-16k.wav'));
    expect(prepared).not.toBeNull();
    const info = ffmpegReport(prepared!.path, 'silencedetect=noise=-40dB:d=0.3');
    expect(info).toMatch(/16000 Hz, mono/);
    const [silence] = parseSilences(info);
    // The second tone starts at 5 s in the recording, about 1.6 s into the prepared audio.
    expect(silence!.endSec).toBeGreaterThan(1.4);
    expect(silence!.endSec).toBeLessThan(1.8);
    expect(originalTime(prepared!.spans, silence!.endSec)).toBeCloseTo(5, 0);
    expect(originalTime(prepared!.spans, 0.5)).toBeCloseTo(0.5, 2);
  }, 30_000);

  it('normalises a quiet recording to speaking loudness', async () => {
    const quiet = toneGapTone('quiet.wav', 0.5, -45);
    const before = Number(/mean_volume: (-?[\d.]+) dB/.exec(ffmpegReport(quiet, 'volumedetect'))![1]);
    const prepared = await extractSpeechAudio(tools, quiet, join(dir, 'quiet-16k.wav'));
    const after = Number(/mean_volume: (-?[\d.]+) dB/.exec(ffmpegReport(prepared!.path, 'volumedetect'))![1]);
    expect(before).toBeLessThan(-45);
    expect(after).toBeGreaterThan(-30);
    expect(prepared!.spans).toEqual([{ originalSec: 0, preparedSec: 0 }]);
  }, 30_000);
});

describe('silence helpers', () => {
  it('pairs silencedetect lines and keeps all but the middle of long silences', () => {
    const silences = parseSilences('[silencedetect @ 0x1] silence_start: 2.5\n[silencedetect @ 0x1] silence_end: 3.1 | silence_duration: 0.6\nsilence_start: 10\nsilence_end: 20 | silence_duration: 10\n');
    expect(silences).toEqual([
      { startSec: 2.5, endSec: 3.1 },
      { startSec: 10, endSec: 20 },
    ]);
    expect(keptSpans(silences)).toEqual([
      { fromSec: 0, toSec: 10.3 },
      { fromSec: 19.7, toSec: null },
    ]);
    const spans = [
      { originalSec: 0, preparedSec: 0 },
      { originalSec: 19.7, preparedSec: 10.3 },
    ];
    expect(originalTime(spans, 5)).toBe(5);
    expect(originalTime(spans, 11)).toBe(20.4);
  });
});
