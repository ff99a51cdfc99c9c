import { readFile, writeFile } from 'node:fs/promises';

/**
 * Long speech cut into pieces at its quietest moments, so several single-threaded
 * recognisers can share it: a cut in a pause loses no word.
 */
export interface SpeechPiece {
  path: string;
  /** Where the piece starts in the whole recording. */
  startSec: number;
}

interface PcmWav {
  sampleRate: number;
  samples: Int16Array;
}

/** The 16-bit mono PCM of a WAV file, or null for any other layout (then it is not cut). */
export function readPcmWav(buffer: Buffer): PcmWav | null {
  if (buffer.length < 44 || buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') return null;
  let offset = 12;
  let format: { channels: number; sampleRate: number; bits: number; pcm: boolean } | null = null;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = { pcm: buffer.readUInt16LE(body) === 1, channels: buffer.readUInt16LE(body + 2), sampleRate: buffer.readUInt32LE(body + 4), bits: buffer.readUInt16LE(body + 14) };
    } else if (id === 'data') {
      if (!format || !format.pcm || format.channels !== 1 || format.bits !== 16) return null;
      // ffmpeg writes 0xFFFFFFFF as the size of a piped stream: the data runs to the end of the file.
      const end = size === 0xffffffff ? buffer.length : Math.min(buffer.length, body + size);
      const data = buffer.subarray(body, end - ((end - body) % 2));
      return { sampleRate: format.sampleRate, samples: new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length)) };
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/** A 16-bit mono PCM WAV file of these samples. */
export function pcmWav(samples: Int16Array, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length * 2, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length * 2, 40);
  return Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.length * 2)]);
}

const WINDOW_SEC = 0.2;
const STEP_SEC = 0.01;

/** The middle of the quietest 200 ms between two times, in seconds: where a cut loses nothing. */
export function quietestPoint(pcm: PcmWav, fromSec: number, toSec: number): number {
  const window = Math.round(WINDOW_SEC * pcm.sampleRate);
  const step = Math.round(STEP_SEC * pcm.sampleRate);
  const first = Math.max(0, Math.round(fromSec * pcm.sampleRate));
  const last = Math.min(pcm.samples.length - window, Math.round(toSec * pcm.sampleRate));
  let best = first;
  let bestEnergy = Number.POSITIVE_INFINITY;
  for (let start = first; start <= last; start += step) {
    let energy = 0;
    for (let at = start; at < start + window; at += 4) energy += pcm.samples[at]! * pcm.samples[at]!;
    if (energy < bestEnergy) {
      bestEnergy = energy;
      best = start;
    }
  }
  return (best + window / 2) / pcm.sampleRate;
}

/**
 * Cuts the WAV at `path` into at most `count` pieces of at least `minPieceSec` each, at the
 * quietest moment near each even division; null when it is too short or not 16-bit mono PCM.
 */
export async function cutAtPauses(path: string, count: number, minPieceSec: number): Promise<SpeechPiece[] | null> {
  const pcm = readPcmWav(await readFile(path));
  if (!pcm) return null;
  const durationSec = pcm.samples.length / pcm.sampleRate;
  const pieces = Math.min(count, Math.floor(durationSec / minPieceSec));
  if (pieces < 2) return null;
  const share = durationSec / pieces;
  const reach = Math.min(3, share / 3);
  const cuts = [0];
  for (let index = 1; index < pieces; index++) cuts.push(quietestPoint(pcm, index * share - reach, index * share + reach));
  cuts.push(durationSec);
  return Promise.all(
    cuts.slice(0, -1).map(async (startSec, index) => {
      const piecePath = `${path}.piece-${index}.wav`;
      const from = Math.round(startSec * pcm.sampleRate);
      const to = Math.round(cuts[index + 1]! * pcm.sampleRate);
      await writeFile(piecePath, pcmWav(pcm.samples.subarray(from, to), pcm.sampleRate));
      return { path: piecePath, startSec: from / pcm.sampleRate };
    }),
  );
}
