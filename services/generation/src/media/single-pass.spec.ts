import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { durationSec, pickKeyframes, remux, UnreadableMediaError } from './ffmpeg';
import { extractMedia, keyframeTarget, parseEndTime, parseNamedShowinfoTimes, parseProbe, singlePassArgs } from './single-pass';
import { extractSpeechAudio } from './speech-audio';

const tools = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'single-pass-spec-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const folder = (name: string) => {
  const path = join(dir, name);
  mkdirSync(path);
  return path;
};

/**
 * Colour slides as VP9 webm, with a tone burst at the start of each slide (Opus) when `sound`;
 * `streamed` writes it to a pipe, so it has no duration, as MediaRecorder files have none.
 */
function slides(name: string, colours: string[], seconds: number, options: { sound?: boolean; streamed?: boolean } = {}): string {
  const path = join(dir, name);
  const inputs = colours.flatMap((colour) => ['-f', 'lavfi', '-i', `color=c=${colour}:s=320x180:r=10:d=${seconds}`]);
  let graph = `${colours.map((_, i) => `[${i}:v]`).join('')}concat=n=${colours.length}:v=1[v]`;
  const maps = ['-map', '[v]'];
  if (options.sound) {
    inputs.push('-f', 'lavfi', '-i', `sine=f=440:d=0.8:sample_rate=48000,apad=whole_dur=${seconds},aloop=loop=${colours.length - 1}:size=${48000 * seconds}`);
    graph += `;[${colours.length}:a]atrim=0:${seconds * colours.length}[a]`;
    maps.push('-map', '[a]', '-c:a', 'libopus');
  }
  const encode = ['-v', 'error', '-y', ...inputs, '-filter_complex', graph, ...maps, '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'];
  if (options.streamed) execFileSync('sh', ['-c', `ffmpeg ${encode.map((arg) => `'${arg}'`).join(' ')} -f webm pipe:1 > '${path}'`]);
  else execFileSync('ffmpeg', [...encode, path]);
  return path;
}

describe('singlePassArgs', () => {
  it('reads the input once for the speech, the scene frames and the interval frames', () => {
    const args = singlePassArgs({ input: 'in.webm', audioOutput: 'speech.wav', frames: { dir: 'frames', threshold: 0.08, intervalSec: 20.003 } });
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
    expect(args[args.indexOf('-i') + 1]).toBe('in.webm');
    const graph = args[args.indexOf('-filter_complex') + 1]!;
    expect(graph).toContain('[0:a:0]highpass=f=80,loudnorm=I=-20:TP=-2:LRA=11,aresample=16000,silencedetect=noise=-45dB:d=1[speech]');
    expect(graph).toContain("[0:v:0]split=2[forscene][forinterval];[forscene]select='eq(n\\,0)+gt(scene\\,0.08)',scale='min(1280,iw)':-2,showinfo@scene[scene]");
    expect(graph).toContain("[forinterval]fps=1/20.003,scale='min(1280,iw)':-2,showinfo@interval[interval]");
    expect(args.join(' ')).toContain('-map [speech] -ac 1 -ar 16000 -c:a pcm_s16le -f wav speech.wav');
    expect(args.join(' ')).toContain(`-map [scene] -fps_mode vfr -q:v 3 ${join('frames', 'scene_%04d.jpg')}`);
    expect(args.join(' ')).toContain(`-map [interval] -fps_mode vfr -q:v 3 ${join('frames', 'interval_%04d.jpg')}`);
    expect(args).not.toContain('null');
  });

  it('leaves out what is not wanted, and measures the duration when asked', () => {
    const framesOnly = singlePassArgs({ input: 'in.webm', frames: { dir: 'f', threshold: 0.1, intervalSec: null }, measureDuration: true });
    const graph = framesOnly[framesOnly.indexOf('-filter_complex') + 1]!;
    expect(graph).not.toContain('split');
    expect(graph).not.toContain('[0:a:0]');
    expect(framesOnly.join(' ')).not.toContain('interval_');
    expect(framesOnly.join(' ')).toMatch(/-map 0:v:0 -c copy -f null -$/);
    const speechOnly = singlePassArgs({ input: 'in.mp3', audioOutput: 'out.wav' });
    expect(speechOnly[speechOnly.indexOf('-filter_complex') + 1]).not.toContain('0:v');
    expect(() => singlePassArgs({ input: 'in.webm' })).toThrow();
  });
});

describe('pass output parsing', () => {
  it('tells the times of each showinfo instance apart', () => {
    const stderr = [
      '[showinfo@scene @ 0x55] n:   0 pts:      0 pts_time:0       pos: 743 fmt:yuv420p',
      '[showinfo@interval @ 0x56] n:   0 pts:      0 pts_time:0       pos: 743',
      '[showinfo@scene @ 0x55] color_range:tv color_space:unknown',
      'frame=    1 fps=0.0 q=0.0 size=N/A time=00:00:00.00 bitrate=N/A speed=0x    [showinfo@scene @ 0x55] n:   1 pts:   3000 pts_time:3       pos: 1247',
      '[showinfo@interval @ 0x56] n:   1 pts:      1 pts_time:20.5    pos: 1223',
      'frame=    2 fps=0.0 q=3.0 Lq=3.0 size=N/A time=00:01:02.50 bitrate=N/A speed= 447x',
    ].join('\n');
    expect(parseNamedShowinfoTimes(stderr, 'scene')).toEqual([0, 3]);
    expect(parseNamedShowinfoTimes(stderr, 'interval')).toEqual([0, 20.5]);
    expect(parseEndTime(stderr)).toBe(62.5);
    expect(parseEndTime('no progress')).toBeNull();
  });

  it('reads the streams and a missing duration from ffprobe', () => {
    expect(parseProbe('{"streams":[{"codec_type":"video"},{"codec_type":"audio"}],"format":{"duration":"60.008000"}}')).toEqual({ durationSec: 60.008, hasAudio: true, hasVideo: true });
    expect(parseProbe('{"programs":[],"streams":[{"codec_type":"video"}],"format":{}}')).toEqual({ durationSec: 0, hasAudio: false, hasVideo: true });
  });

  it('wants a keyframe per 20 s (2 to max) and tops up at the matching interval', () => {
    expect(keyframeTarget(60.008, 12)).toEqual({ wanted: 3, intervalSec: 60.008 / 3 });
    expect(keyframeTarget(30, 12)).toEqual({ wanted: 2, intervalSec: 15 });
    expect(keyframeTarget(600, 12)).toEqual({ wanted: 12, intervalSec: 50 });
    expect(keyframeTarget(5, 12)).toEqual({ wanted: 2, intervalSec: 2.5 });
    expect(keyframeTarget(3, 12).intervalSec).toBeNull();
  });
});

describe('extractMedia', () => {
  it('gives the same speech and keyframes as the separate runs, from one pass', async () => {
    const video = slides('talking.webm', ['black', 'white', 'gray', 'blue'], 4, { sound: true });
    const media = await extractMedia(tools, video, folder('talking'), { speech: true, keyframes: { threshold: 0.08, max: 12 } });
    const separate = await pickKeyframes(tools, video, folder('talking-separate'), { threshold: 0.08, max: 12, durationSec: media.durationSec });
    expect(media.keyframes.map((frame) => frame.atSec)).toEqual(separate.map((frame) => frame.atSec));
    expect(media.keyframes.map((frame) => Math.round(frame.atSec))).toEqual([0, 4, 8, 12]);
    for (const [index, frame] of media.keyframes.entries()) expect(readFileSync(frame.path).equals(readFileSync(separate[index]!.path))).toBe(true);

    const speech = await extractSpeechAudio(tools, video, join(dir, 'talking-separate.wav'));
    expect(media.speech!.spans).toEqual(speech!.spans);
    expect(media.speech!.spans.length).toBeGreaterThan(1);
    expect(readFileSync(media.speech!.path).equals(readFileSync(speech!.path))).toBe(true);
    expect(media.durationSec).toBeCloseTo(16, 0);
  }, 60_000);

  it('measures a streamed webm (no duration) and samples it at an interval when it has too few cuts', async () => {
    const streamed = slides('streamed.webm', ['gray'], 45, { streamed: true });
    expect(parseProbe(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', streamed], { encoding: 'utf8' })).durationSec).toBe(0);
    const media = await extractMedia(tools, streamed, folder('streamed'), { speech: true, keyframes: { threshold: 0.08, max: 12 } });
    expect(media.speech).toBeNull();
    expect(media.durationSec).toBeCloseTo(45, 0);
    // Two wanted (45 s): the first frame and one sampled at about the 22.5 s interval. The
    // remuxed file's duration also counts the last frame's 0.1 s, so the sample may be a frame earlier.
    const remuxed = join(dir, 'streamed-remuxed.webm');
    await remux(tools, streamed, remuxed);
    const separate = await pickKeyframes(tools, remuxed, folder('streamed-separate'), { threshold: 0.08, max: 12, durationSec: await durationSec(tools, remuxed) });
    expect(media.keyframes).toHaveLength(2);
    expect(separate).toHaveLength(2);
    expect(media.keyframes[0]!.atSec).toBe(0);
    expect(Math.abs(media.keyframes[1]!.atSec - separate[1]!.atSec)).toBeLessThanOrEqual(0.1);
  }, 60_000);

  it('samples in the same pass when the duration is known, as pickKeyframes does in its own runs', async () => {
    const still = slides('still.webm', ['gray'], 60);
    const media = await extractMedia(tools, still, folder('still'), { speech: true, keyframes: { threshold: 0.08, max: 12 } });
    const separate = await pickKeyframes(tools, still, folder('still-separate'), { threshold: 0.08, max: 12, durationSec: media.durationSec });
    expect(media.keyframes.map((frame) => frame.atSec)).toEqual(separate.map((frame) => frame.atSec));
    expect(media.keyframes).toHaveLength(3);
  }, 60_000);

  it('reads only the sound of an audio source, and refuses a "video" with no pictures', async () => {
    const sound = join(dir, 'tone.ogg');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:d=2', '-c:a', 'libopus', sound]);
    const media = await extractMedia(tools, sound, folder('tone'), { speech: true });
    expect(media.speech).not.toBeNull();
    expect(media.keyframes).toEqual([]);
    await expect(extractMedia(tools, sound, folder('tone-as-video'), { speech: true, keyframes: { threshold: 0.08, max: 12 } })).rejects.toBeInstanceOf(UnreadableMediaError);
    const garbage = join(dir, 'garbage.webm');
    execFileSync('sh', ['-c', `head -c 4096 /dev/urandom > '${garbage}'`]);
    await expect(extractMedia(tools, garbage, folder('garbage'), { speech: true, keyframes: { threshold: 0.08, max: 12 } })).rejects.toBeInstanceOf(UnreadableMediaError);
  }, 60_000);
});
