import { SpeechClient } from '@google-cloud/speech';
import { readFile } from 'node:fs/promises';
import { GenerationError } from '../../worker/generation-error';
import type { Transcriber, Transcript, TranscriptWord } from '../transcriber';
import type { GoogleSpeechConfig } from './google-speech-config';

const SAMPLE_RATE = 16_000;
const BYTES_PER_SECOND = SAMPLE_RATE * 2;
/** Synchronous recognition takes at most a minute of audio per request; longer narrations go in slices. */
export const SLICE_SECONDS = 55;

/** Answers that will come again on a retry, as gRPC status codes and as the REST transport's HTTP statuses. */
const invalid = 'the request was invalid';
const denied = 'permission was denied';
const unauthenticated = 'the credentials were not accepted';
const permanentGrpcCodes = new Map([
  [3, invalid],
  [7, denied],
  [16, unauthenticated],
]);
const permanentHttpStatuses = new Map([
  [400, invalid],
  [401, unauthenticated],
  [403, denied],
]);

/** Speech to text through Google Cloud Speech-to-Text (REST transport), with word timings. */
export class GoogleSpeechTranscriber implements Transcriber {
  readonly name = 'google-speech';

  constructor(private readonly config: GoogleSpeechConfig) {}

  async transcribe(wavPath: string): Promise<Transcript> {
    const client = this.client();
    try {
      const pcm = pcmOf(await readFile(wavPath));
      const texts: string[] = [];
      const words: TranscriptWord[] = [];
      for (let offset = 0; offset < pcm.length; offset += SLICE_SECONDS * BYTES_PER_SECOND) {
        const slice = pcm.subarray(offset, offset + SLICE_SECONDS * BYTES_PER_SECOND);
        const heard = await this.recognize(client, slice, offset / BYTES_PER_SECOND);
        if (heard.text) texts.push(heard.text);
        words.push(...heard.words);
      }
      return { text: texts.join(' '), words };
    } finally {
      await client.close();
    }
  }

  private async recognize(client: SpeechClient, pcm: Buffer, startSec: number): Promise<Transcript> {
    const [response] = await client
      .recognize({
        config: { encoding: 'LINEAR16', sampleRateHertz: SAMPLE_RATE, languageCode: this.config.GOOGLE_SPEECH_LANGUAGE, enableWordTimeOffsets: true, enableAutomaticPunctuation: true },
        audio: { content: pcm },
      })
      .catch(classifyGoogleError);
    const best = (response.results ?? []).map((result) => result.alternatives?.[0]).filter((alternative) => alternative !== undefined && alternative !== null);
    return {
      text: best.map((alternative) => alternative.transcript?.trim() ?? '').filter(Boolean).join(' '),
      words: best.flatMap((alternative) =>
        (alternative.words ?? []).map((word) => ({
          word: word.word ?? '',
          startSec: startSec + seconds(word.startTime),
          endSec: startSec + seconds(word.endTime),
        })),
      ),
    };
  }

  /** A client, or a failure that names the missing key: the web client shows 'API Key Required'. */
  private client(): SpeechClient {
    const { GOOGLE_SPEECH_API_KEY: apiKey, GOOGLE_APPLICATION_CREDENTIALS: keyFile, GOOGLE_SPEECH_API_URL: apiUrl } = this.config;
    if (!apiKey && !keyFile) {
      throw new GenerationError(
        'Google Speech has no credentials: set GOOGLE_SPEECH_API_KEY (your AI provider API key) or GOOGLE_APPLICATION_CREDENTIALS to use AI transcription.',
      );
    }
    const endpoint = apiUrl ? new URL(apiUrl) : null;
    return new SpeechClient({
      fallback: true, // REST over HTTP/1: no gRPC native code, and API keys work
      ...(apiKey ? { apiKey } : { keyFilename: keyFile }),
      ...(endpoint && {
        apiEndpoint: endpoint.hostname,
        port: Number(endpoint.port) || (endpoint.protocol === 'http:' ? 80 : 443),
        protocol: endpoint.protocol.replace(':', ''),
      }),
    });
  }
}

/** The PCM samples of a 16 kHz mono 16-bit WAV (what the media step extracts), found by walking its RIFF chunks. */
export function pcmOf(wav: Buffer): Buffer {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') throw new Error('Not a WAV file');
  let format: { channels: number; rate: number; bits: number } | undefined;
  for (let at = 12; at + 8 <= wav.length; ) {
    const id = wav.toString('ascii', at, at + 4);
    const size = wav.readUInt32LE(at + 4);
    if (id === 'fmt ') format = { channels: wav.readUInt16LE(at + 10), rate: wav.readUInt32LE(at + 12), bits: wav.readUInt16LE(at + 22) };
    if (id === 'data') {
      if (!format || format.channels !== 1 || format.rate !== SAMPLE_RATE || format.bits !== 16) throw new Error('Expected 16 kHz mono 16-bit PCM');
      return wav.subarray(at + 8, Math.min(wav.length, at + 8 + size));
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('WAV file has no data chunk');
}

type Duration = { seconds?: number | string | Long | null; nanos?: number | null } | null | undefined;
interface Long {
  toNumber(): number;
}
const seconds = (duration: Duration) => {
  const whole = duration?.seconds;
  const value = typeof whole === 'object' && whole !== null ? whole.toNumber() : Number(whole ?? 0);
  return value + (duration?.nanos ?? 0) / 1e9;
};

function classifyGoogleError(error: unknown): never {
  const { code, status, response } = error as { code?: unknown; status?: unknown; response?: { status?: unknown } };
  const httpStatus = typeof status === 'number' ? status : response?.status;
  const reason =
    (typeof code === 'number' ? permanentGrpcCodes.get(code) : undefined) ?? (typeof httpStatus === 'number' ? permanentHttpStatuses.get(httpStatus) : undefined);
  if (reason) {
    const hint = reason === invalid ? '' : ' Check GOOGLE_SPEECH_API_KEY or GOOGLE_APPLICATION_CREDENTIALS (the AI provider API key).';
    throw new GenerationError(`Google Speech refused the transcription: ${reason}.${hint}`);
  }
  throw error;
}
