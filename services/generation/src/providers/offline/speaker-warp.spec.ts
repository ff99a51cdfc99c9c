import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { batchDecoderOf, chooseWarp, chooseWarpFor, NO_WARP, parseHypsegScore } from './speaker-warp';

describe('chooseWarp', () => {
  const peakedAt = (peak: number) => async (warp: number) => -Math.abs(warp - peak) * 1000;

  it('finds the best warp coarse then fine, on either side of none', async () => {
    expect(await chooseWarp(peakedAt(1.8), 2)).toBe(1.75);
    expect(await chooseWarp(peakedAt(0.82), 2)).toBe(0.8);
    expect(await chooseWarp(peakedAt(1.02), 2)).toBe(1.05);
    expect(await chooseWarp(peakedAt(1.2), 1)).toBe(1.15);
    expect(await chooseWarp(peakedAt(1.38), 1)).toBe(1.4);
  });

  it('prefers the warp nearer none when scores tie, and none when nothing could be scored', async () => {
    expect(await chooseWarp(async () => -5, 2)).toBe(1.05);
    expect(await chooseWarp(async () => null, 2)).toBe(NO_WARP);
  });

  it('scores at most `parallel` warps at once', async () => {
    let running = 0;
    let most = 0;
    await chooseWarp(async (warp) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return -warp;
    }, 2);
    expect(most).toBe(2);
  });
});

describe('parseHypsegScore', () => {
  it('reads the total score of the best path', () => {
    expect(parseHypsegScore('sample S 0 T -61721 A -40364 L -21357 0 -258 0 <s> 11 -989 -338 right\n')).toBe(-61721);
    expect(parseHypsegScore('')).toBeNull();
  });
});

describe('batchDecoderOf', () => {
  it('is the batch decoder beside the continuous one', () => {
    expect(batchDecoderOf('pocketsphinx_continuous')).toBe('pocketsphinx_batch');
    expect(batchDecoderOf('/usr/bin/pocketsphinx_continuous')).toBe('/usr/bin/pocketsphinx_batch');
  });
});

describe('chooseWarpFor', () => {
  const said =
    'Right so opening the kitchen in the morning. First you turn on the hood fans before anything else, ' +
    'then light the flat top and the fryers and check the walk in fridge is under five degrees.';

  function speech(dir: string, voice: string, text = said): string {
    execFileSync('flite', ['-voice', voice, '-t', text, '-o', join(dir, `${voice}.raw.wav`)]);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', join(dir, `${voice}.raw.wav`), '-ac', '1', '-ar', '16000', join(dir, `${voice}.wav`)]);
    return join(dir, `${voice}.wav`);
  }

  it("warps a voice the model fits badly and leaves the ones it fits about as they are, and cleans up after itself", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sphinx-warp-'));
    try {
      const scoring = { batchBinary: 'pocketsphinx_batch', args: ['-fwdflat', 'no', '-bestpath', 'no'], parallel: 2 };
      // flite's female voice wanted about 1.8 on the narrations measured; its male voices about 0.9.
      expect(await chooseWarpFor(speech(dir, 'slt'), scoring)).toBeGreaterThanOrEqual(1.3);
      const male = await chooseWarpFor(speech(dir, 'rms'), scoring);
      expect(male).toBeGreaterThanOrEqual(0.8);
      expect(male).toBeLessThanOrEqual(1.15);
      expect(readdirSync(dir).sort()).toEqual(['rms.raw.wav', 'rms.wav', 'slt.raw.wav', 'slt.wav']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('hears speech unwarped when there is too little to tell a voice by, or no decoder to score warps with', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sphinx-warp-'));
    try {
      const scoring = { batchBinary: 'pocketsphinx_batch', args: [], parallel: 2 };
      expect(await chooseWarpFor(speech(dir, 'slt', 'Stop.'), scoring)).toBe(NO_WARP);
      expect(await chooseWarpFor(speech(dir, 'slt'), { ...scoring, batchBinary: join(dir, 'no_pocketsphinx_batch') })).toBe(NO_WARP);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
