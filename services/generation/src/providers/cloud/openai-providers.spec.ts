import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRecordingServer, type QueuedReply, type RecordedRequest, type RecordingServer } from '../../testing/recording-server';
import { GenerationError } from '../../worker/generation-error';
import type { StructuringInput } from '../structurer';
import { openAiEnvSchema, type OpenAiConfig } from './openai-config';
import { OpenAiImageReader } from './openai-image-reader';
import { OpenAiStructurer } from './openai-structurer';
import { OpenAiTranscriber } from './openai-transcriber';

let provider: RecordingServer;
let dir: string;
let config: OpenAiConfig;
let requests: RecordedRequest[];
let replies: QueuedReply[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openai-providers-'));
  // A local server speaking the OpenAI wire protocol.
  provider = await startRecordingServer();
  ({ requests, replies } = provider);
  config = openAiEnvSchema.parse({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `${provider.url}/v1`, OPENAI_MODEL: 'llama3.1', OPENAI_TIMEOUT_MS: '5000' });
});
afterAll(async () => {
  await provider.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => provider.reset());

const chatReply = (content: string): QueuedReply => ({
  status: 200,
  body: { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'llama3.1', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] },
});

const input: StructuringInput = {
  origin: 'screen-recording',
  title: '',
  text: 'first open the settings menu then click the account tab',
  words: [
    { word: 'first', startSec: 0.4, endSec: 0.7 },
    { word: 'open', startSec: 0.7, endSec: 1 },
  ],
  images: [
    { index: 0, atSec: 0, reading: { text: 'Step 1: Open the settings menu' } },
    { index: 1, atSec: 4.2, reading: { text: 'Account tab' } },
  ],
};

describe('OpenAiStructurer', () => {
  it('asks for JSON-schema output with the material, and returns the validated SOP', async () => {
    replies.push(
      chatReply(
        JSON.stringify({
          title: 'Change the account email',
          steps: [
            { title: 'Open the settings menu', details: 'Top right, gear icon.', startSec: 0.4, imageIndexes: [0] },
            { title: 'Click the Account tab', details: '', startSec: 4.2, imageIndexes: [1, 7] },
          ],
        }),
      ),
    );
    const sop = await new OpenAiStructurer(config).structure(input);

    expect(sop).toEqual({
      title: 'Change the account email',
      steps: [
        { title: 'Open the settings menu', details: 'Top right, gear icon.', startSec: 0.4, imageIndexes: [0] },
        // Image 7 does not exist: dropped.
        { title: 'Click the Account tab', details: '', startSec: 4.2, imageIndexes: [1] },
      ],
    });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test');
    const body = JSON.parse(request!.body.toString());
    expect(body.model).toBe('llama3.1');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema.required).toEqual(['title', 'steps']);
    const material = body.messages[1].content as string;
    expect(material).toContain('first open the settings menu');
    expect(material).toContain('[0.4s] first open');
    expect(material).toContain('#1 at 4.2s: Account tab');
  });

  it('masks emails, card numbers and keys in every part of the material before it is sent', async () => {
    const email = 'dana.ortiz@example.com';
    const card = '4111 1111 1111 1111';
    const key = 'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv';
    const sensitive: StructuringInput = {
      origin: 'screen-recording',
      title: `Refund for ${email}`,
      text: `Open the customer ${email}, check card ${card} and paste the key ${key} in Settings.`,
      // Spoken over several timed words, as a transcript has it.
      words: ['the', 'card', 'is', ...card.split(' '), 'and', 'the', 'key', 'is', key].map((word, i) => ({ word, startSec: i, endSec: i + 0.5 })),
      images: [{ index: 0, atSec: 2, reading: { description: `Customer page of ${email}`, text: `Card ${card.replace(/ /g, '')}\nAPI key ${key}` } }],
    };
    replies.push(chatReply(JSON.stringify({ title: 'Refund', steps: [{ title: 'Open the customer', details: '', startSec: 0, imageIndexes: [0] }] })));
    await new OpenAiStructurer(config).structure(sensitive);

    const sent = requests[0]!.body.toString();
    for (const value of [email, card, card.replace(/ /g, ''), '4111', key]) expect(sent).not.toContain(value);
    const material = JSON.parse(sent).messages[1].content as string;
    expect(material).toContain("User's title: Refund for [email]");
    expect(material).toContain('Open the customer [email], check card [card] and paste the key [secret] in Settings.');
    expect(material).toContain('[0.0s] the card is [card] and the key is [secret]');
    expect(material).toContain('#0 at 2.0s: Customer page of [email] | Card [card] API key [secret]');
    // The model is told what the placeholders are, so it keeps them rather than inventing values.
    expect(JSON.parse(sent).messages[0].content).toContain('[card]');
  });

  it("keeps the user's own title", async () => {
    replies.push(chatReply(JSON.stringify({ title: 'Model title', steps: [{ title: 'Open settings', details: '', startSec: null, imageIndexes: [] }] })));
    const sop = await new OpenAiStructurer(config).structure({ ...input, title: 'My title' });
    expect(sop.title).toBe('My title');
    expect(sop.steps[0]?.startSec).toBeUndefined();
  });

  it('rejects an answer that does not match the schema (the client does not check it)', async () => {
    replies.push(chatReply(JSON.stringify({ title: 42, steps: [] })));
    await expect(new OpenAiStructurer(config).structure(input)).rejects.toThrow("The AI model's SOP did not match the expected shape");
    replies.push(chatReply('Sure! Here are the steps: 1. Open settings'));
    await expect(new OpenAiStructurer(config).structure(input)).rejects.toThrow('not JSON');
  });

  it('fails at once, naming the key, when the key is missing or refused', async () => {
    const withoutKey = new OpenAiStructurer({ ...config, OPENAI_API_KEY: undefined });
    await expect(withoutKey.structure(input)).rejects.toThrow(new GenerationError('OPENAI_API_KEY is not set: add your AI provider API key to use AI generation.'));
    expect(requests).toHaveLength(0);

    replies.push({ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } });
    const refused = new OpenAiStructurer(config).structure(input);
    await expect(refused).rejects.toBeInstanceOf(GenerationError);
    await expect(refused).rejects.toThrow(/HTTP 401.*OPENAI_API_KEY/);
  });

  it('leaves rate limits to the job retries (a transient error, not a GenerationError)', async () => {
    replies.push({ status: 429, body: { error: { message: 'Rate limit' } } }, { status: 429, body: { error: { message: 'Rate limit' } } });
    const limited = new OpenAiStructurer(config).structure(input);
    await expect(limited).rejects.not.toBeInstanceOf(GenerationError);
    await expect(limited).rejects.toMatchObject({ status: 429 });
  });
});

describe('OpenAiImageReader', () => {
  it('sends the image as a data URL to the vision model and splits description from text', async () => {
    const png = join(dir, 'shot.png');
    await writeFile(png, Buffer.from('89504e470d0a1a0a', 'hex'));
    replies.push(chatReply('The account settings page with the email field.\nAccount settings\nSave changes'));
    const reading = await new OpenAiImageReader(config).read(png, 'image/png');

    expect(reading).toEqual({ description: 'The account settings page with the email field.', text: 'Account settings\nSave changes' });
    const body = JSON.parse(requests[0]!.body.toString());
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.messages[0].content[1]).toEqual({ type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } });
  });
});

describe('OpenAiTranscriber', () => {
  it('posts the WAV to /audio/transcriptions asking for word timings', async () => {
    const wav = join(dir, 'voice.wav');
    await writeFile(wav, Buffer.from('RIFF....WAVEfmt '));
    replies.push({
      status: 200,
      body: { text: ' Open the settings menu.', language: 'english', duration: 1.2, words: [{ word: 'Open', start: 0.1, end: 0.4 }, { word: 'the', start: 0.4, end: 0.5 }] },
    });
    const transcript = await new OpenAiTranscriber(config).transcribe(wav);

    expect(transcript).toEqual({ text: 'Open the settings menu.', words: [{ word: 'Open', startSec: 0.1, endSec: 0.4 }, { word: 'the', startSec: 0.4, endSec: 0.5 }] });
    const [request] = requests;
    expect(request?.path).toBe('/v1/audio/transcriptions');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const form = request!.body.toString('latin1');
    expect(form).toMatch(/name="model"\r\n\r\nwhisper-1/);
    expect(form).toMatch(/name="response_format"\r\n\r\nverbose_json/);
    expect(form).toMatch(/name="timestamp_granularities\[\]"\r\n\r\nword/);
    expect(form).toMatch(/name="file"; filename="voice.wav"/);
  });
});
