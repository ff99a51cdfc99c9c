import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { durationSec, parseShowinfoTimes, pickKeyframes, remux, spreadEvenly } from './ffmpeg';
import { extractSpeechAudio } from './speech-audio';

const tools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
let dir: string;

/** Solid colour slides of the given lengths, as VP9 webm (no sound). */
function slidesVideo(name: string, slides: { colour: string; seconds: number }[]): string {
  const inputs = slides.flatMap(({ colour, seconds }) => ['-f', 'lavfi', '-i', `color=c=${colour}:s=320x180:r=10:d=${seconds}`]);
  const path = join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', `${slides.map((_, i) => `[${i}:v]`).join('')}concat=n=${slides.length}:v=1[v]`, '-map', '[v]', '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', path]);
  return path;
}

beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'ffmpeg-spec-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pickKeyframes', () => {
  it('finds the first frame and each cut between slides, with their times', async () => {
    const video = slidesVideo('cuts.webm', [
      { colour: 'black', seconds: 2 },
      { colour: 'white', seconds: 2 },
      { colour: 'gray', seconds: 2 },
    ]);
    const out = join(dir, 'cuts');
    mkdirSync(out);
    const frames = await pickKeyframes(tools, video, out, { threshold: 0.08, max: 12, durationSec: await durationSec(tools, video) });
    expect(frames.map((frame) => Math.round(frame.atSec))).toEqual([0, 2, 4]);
  }, 30_000);

  it('samples at an interval when the recording has too few cuts, capped', async () => {
    const video = slidesVideo('still.webm', [{ colour: 'gray', seconds: 60 }]);
    const out = join(dir, 'still');
    mkdirSync(out);
    const frames = await pickKeyframes(tools, video, out, { threshold: 0.08, max: 12, durationSec: 60 });
    expect(frames.length).toBe(3);
    expect(frames[0]!.atSec).toBe(0);
    expect(frames.map((frame) => frame.atSec)).toEqual([...frames.map((frame) => frame.atSec)].sort((a, b) => a - b));
    expect(frames[2]!.atSec).toBeGreaterThan(30);
  }, 30_000);
});

describe('remux and audio', () => {
  it('gives a duration after remuxing and reports no sound as null', async () => {
    const video = slidesVideo('mute.webm', [{ colour: 'red', seconds: 1 }]);
    const fixed = join(dir, 'mute-fixed.webm');
    await remux(tools, video, fixed);
    expect(await durationSec(tools, fixed)).toBeCloseTo(1, 0);
    expect(await extractSpeechAudio(tools, fixed, join(dir, 'mute.wav'))).toBeNull();
  }, 30_000);
});

describe('browser recordings', () => {
  it('remuxes a webm written as a stream (no duration, like MediaRecorder output) so it has one', async () => {
    const streamed = join(dir, 'streamed.webm');
    // Written to a pipe, the muxer cannot go back to write the duration: as MediaRecorder files are.
    execFileSync('sh', ['-c', `ffmpeg -v error -f lavfi -i color=c=black:s=320x180:r=10:d=3 -c:v libvpx-vp9 -deadline realtime -cpu-used 8 -f webm pipe:1 > ${streamed}`]);
    expect(await durationSec(tools, streamed)).toBe(0);
    const fixed = join(dir, 'streamed-fixed.webm');
    await remux(tools, streamed, fixed);
    expect(await durationSec(tools, fixed)).toBeCloseTo(3, 0);
  }, 30_000);
});

describe('helpers', () => {
  it('reads showinfo times', () => {
    const stderr = '[Parsed_showinfo_2 @ 0x1] n:   0 pts:      0 pts_time:0       duration:1\n[Parsed_showinfo_2 @ 0x1] n:   1 pts:  41 pts_time:4.1    duration:1';
    expect(parseShowinfoTimes(stderr)).toEqual([0, 4.1]);
  });

  it('keeps the first and spreads the rest evenly', () => {
    expect(spreadEvenly([0, 1, 2, 3, 4, 5, 6, 7], 4)).toEqual([0, 2, 4, 6]);
    expect(spreadEvenly([1, 2], 4)).toEqual([1, 2]);
  });
});
