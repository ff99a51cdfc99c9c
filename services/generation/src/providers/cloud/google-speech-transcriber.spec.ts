import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRecordingServer, type QueuedReply, type RecordedRequest, type RecordingServer } from '../../testing/recording-server';
import { GenerationError } from '../../worker/generation-error';
import { googleSpeechEnvSchema, type GoogleSpeechConfig } from './google-speech-config';
import { GoogleSpeechTranscriber, pcmOf, SLICE_SECONDS } from './google-speech-transcriber';

let speech: RecordingServer;
let dir: string;
let apiUrl: string;
let requests: RecordedRequest[];
let replies: QueuedReply[];
/** What the client sent, as Speech-to-Text's REST API reads it. */
const sentBody = (request: RecordedRequest) => JSON.parse(request.body.toString()) as { config: Record<string, unknown>; audio: { content: string } };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'google-speech-'));
  // A local server speaking Speech-to-Text's REST protocol (v1/speech:recognize).
  speech = await startRecordingServer();
  ({ requests, replies, url: apiUrl } = speech);
});
afterAll(async () => {
  await speech.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => speech.reset());

const configWith = (env: Record<string, string>): GoogleSpeechConfig => googleSpeechEnvSchema.parse({ GOOGLE_SPEECH_API_URL: apiUrl, ...env });

/** A 16 kHz mono 16-bit WAV of `seconds`, with a LIST chunk before the data as ffmpeg writes it. */
async function wavOf(seconds: number): Promise<string> {
  const data = Buffer.alloc(seconds * 32_000);
  for (let i = 0; i < data.length; i += 2) data.writeInt16LE(Math.round(3000 * Math.sin(i / 20)), i);
  const list = Buffer.concat([Buffer.from('LIST'), u32(4), Buffer.from('INFO')]);
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'ascii');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(1, 8); // PCM
  fmt.writeUInt16LE(1, 10); // mono
  fmt.writeUInt32LE(16_000, 12);
  fmt.writeUInt32LE(32_000, 16);
  fmt.writeUInt16LE(2, 20);
  fmt.writeUInt16LE(16, 22);
  const body = Buffer.concat([Buffer.from('WAVE'), fmt, list, Buffer.from('data'), u32(data.length), data]);
  const file = join(dir, `${seconds}s.wav`);
  await writeFile(file, Buffer.concat([Buffer.from('RIFF'), u32(body.length), body]));
  return file;
}
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value);
  return buffer;
};

const recognized = (transcript: string, words: [string, string, string][]): QueuedReply => ({
  status: 200,
  body: { results: [{ alternatives: [{ transcript, confidence: 0.92, words: words.map(([word, startTime, endTime]) => ({ word, startTime, endTime })) }] }] },
});

describe('GoogleSpeechTranscriber', () => {
  it('sends LINEAR16 slices of at most a minute and puts the words on one timeline', async () => {
    const wav = await wavOf(70);
    replies.push(
      recognized('Open the settings.', [
        ['Open', '0.100s', '0.400s'],
        ['the', '0.400s', '0.500s'],
        ['settings.', '0.500s', '1.200s'],
      ]),
      recognized('Click save.', [
        ['Click', '2s', '2.300s'],
        ['save.', '2.300s', '2.900s'],
      ]),
    );
    const transcript = await new GoogleSpeechTranscriber(configWith({ GOOGLE_SPEECH_API_KEY: 'g-key', GOOGLE_SPEECH_LANGUAGE: 'en-GB' })).transcribe(wav);

    expect(transcript.text).toBe('Open the settings. Click save.');
    expect(transcript.words.map((word) => [word.word, word.startSec])).toEqual([
      ['Open', 0.1],
      ['the', 0.4],
      ['settings.', 0.5],
      ['Click', SLICE_SECONDS + 2],
      ['save.', SLICE_SECONDS + 2.3],
    ]);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.path).toMatch(/^\/v1\/speech:recognize/);
      expect(request.headers['x-goog-api-key']).toBe('g-key');
      expect(sentBody(request).config).toMatchObject({ sampleRateHertz: 16000, languageCode: 'en-GB', enableWordTimeOffsets: true });
    }
    const sent = requests.map((request) => Buffer.from(sentBody(request).audio.content, 'base64'));
    expect(sent.map((audio) => audio.length)).toEqual([SLICE_SECONDS * 32_000, (70 - SLICE_SECONDS) * 32_000]);
    const pcm = pcmOf(await import('node:fs/promises').then((fs) => fs.readFile(wav)));
    expect(Buffer.concat(sent).equals(pcm)).toBe(true);
  });

  it('names the missing key before calling anyone', async () => {
    const wav = await wavOf(1);
    const transcribing = new GoogleSpeechTranscriber(configWith({})).transcribe(wav);
    await expect(transcribing).rejects.toBeInstanceOf(GenerationError);
    await expect(transcribing).rejects.toThrow(/GOOGLE_SPEECH_API_KEY .*API key/);
    expect(requests).toHaveLength(0);
  });

  it('fails at once, naming the key, when Google refuses the credentials; leaves outages to the job retries', async () => {
    const wav = await wavOf(1);
    const transcriber = new GoogleSpeechTranscriber(configWith({ GOOGLE_SPEECH_API_KEY: 'revoked' }));
    replies.push({ status: 403, body: { error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' } } });
    const refused = transcriber.transcribe(wav);
    await expect(refused).rejects.toBeInstanceOf(GenerationError);
    await expect(refused).rejects.toThrow('Google Speech refused the transcription: permission was denied. Check GOOGLE_SPEECH_API_KEY');

    replies.push({ status: 503, body: { error: { code: 503, message: 'Try later', status: 'UNAVAILABLE' } } });
    const outage = await transcriber.transcribe(wav).catch((error: unknown) => error);
    expect(outage).toBeInstanceOf(Error);
    expect(outage).not.toBeInstanceOf(GenerationError);
  });

  it('reads only 16 kHz mono 16-bit WAV', () => {
    expect(() => pcmOf(Buffer.from('not a wav at all'))).toThrow('Not a WAV file');
  });
});
