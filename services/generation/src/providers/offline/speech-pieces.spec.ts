import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cutAtPauses, pcmWav, quietestPoint, readPcmWav } from './speech-pieces';

const rate = 16000;

/** A 440 Hz tone with silence between `quiet` seconds. */
function toneWithPauses(seconds: number, quiet: [number, number][]): Int16Array {
  const samples = new Int16Array(seconds * rate);
  for (let at = 0; at < samples.length; at++) {
    const t = at / rate;
    samples[at] = quiet.some(([from, to]) => t >= from && t < to) ? 0 : Math.round(8000 * Math.sin(2 * Math.PI * 440 * t));
  }
  return samples;
}

describe('speech pieces', () => {
  it('reads back the PCM it writes, and refuses other layouts', () => {
    const samples = toneWithPauses(1, []);
    const read = readPcmWav(pcmWav(samples, rate))!;
    expect(read.sampleRate).toBe(rate);
    expect(Array.from(read.samples.subarray(0, 50))).toEqual(Array.from(samples.subarray(0, 50)));
    const stereo = pcmWav(samples, rate);
    stereo.writeUInt16LE(2, 22);
    expect(readPcmWav(stereo)).toBeNull();
    expect(readPcmWav(Buffer.from('not a wav file at all, just some text here...'))).toBeNull();
  });

  it('finds the pause nearest the middle, not the middle', () => {
    const pcm = { sampleRate: rate, samples: toneWithPauses(20, [[8.6, 9.1]]) };
    const cut = quietestPoint(pcm, 7, 13);
    expect(cut).toBeGreaterThanOrEqual(8.6);
    expect(cut).toBeLessThanOrEqual(9.1);
  });

  it('cuts long speech into pieces at pauses that together hold every sample, and leaves short speech whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pieces-spec-'));
    try {
      const samples = toneWithPauses(30, [[9.2, 9.6], [21.3, 21.7]]);
      const path = join(dir, 'speech.wav');
      writeFileSync(path, pcmWav(samples, rate));
      const pieces = (await cutAtPauses(path, 3, 5))!;
      expect(pieces.map((piece) => piece.startSec)).toEqual([0, expect.any(Number), expect.any(Number)]);
      expect(pieces[1]!.startSec).toBeGreaterThanOrEqual(9.2);
      expect(pieces[1]!.startSec).toBeLessThanOrEqual(9.6);
      expect(pieces[2]!.startSec).toBeGreaterThanOrEqual(21.3);
      expect(pieces[2]!.startSec).toBeLessThanOrEqual(21.7);
      const total = pieces.reduce((sum, piece) => sum + readPcmWav(readFileSync(piece.path))!.samples.length, 0);
      expect(total).toBe(samples.length);
      expect(await cutAtPauses(path, 3, 20)).toBeNull();
      expect(await cutAtPauses(path, 1, 5)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
