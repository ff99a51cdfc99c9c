import { apiRoutes, type AuthResponse, type CheckoutUrlResponse, type Sop, type Usage } from '@sopwright/contracts';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { uniqueEmail } from '../support/api';
import { tinyPng } from '../support/fixtures';
import { freePorts, newDataDir, startLocalStack, stopLocalStack, type LocalStack } from '../support/local-stack';

/**
 * `npm start` with every provider on `openai` (structuring, vision, transcription) against a local
 * server speaking the OpenAI protocol:
 * the whole path from the HTTP call through the queue and worker to the saved SOP.
 */
interface ChatRequest {
  model: string;
  messages: { role: string; content: string | { type: string; text?: string; image_url?: { url: string } }[] }[];
  response_format?: { type: string; json_schema: { name: string; strict: boolean } };
}
interface Recorded {
  path: string;
  headers: IncomingMessage['headers'];
  /** JSON requests parsed; multipart ones (audio) as text. */
  body: ChatRequest;
  raw: string;
}
type Reply = { status: number; body: unknown };

const requests: Recorded[] = [];
const replies: Reply[] = [];
let openAi: Server;
let stack: LocalStack;

const chat = (content: string): Reply => ({
  status: 200,
  body: { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'sop-writer', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] },
});

beforeAll(async () => {
  openAi = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    request.on('end', () => {
      const json = request.headers['content-type']?.startsWith('application/json');
      requests.push({ path: request.url ?? '', headers: request.headers, body: (json ? JSON.parse(body) : {}) as ChatRequest, raw: body });
      const reply = replies.shift() ?? { status: 500, body: { error: { message: 'no reply queued' } } };
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => openAi.listen(0, '127.0.0.1', resolve));
  stack = await startLocalStack(await newDataDir('openai'), await freePorts(), {
    STRUCTURER: 'openai',
    TRANSCRIBER: 'openai',
    IMAGE_READER: 'openai',
    OPENAI_API_KEY: 'sk-sopwright-test',
    OPENAI_BASE_URL: `http://127.0.0.1:${(openAi.address() as AddressInfo).port}/v1`,
    OPENAI_MODEL: 'sop-writer',
    SOPWRIGHT_GENERATION_WORKERS: '1',
  });
}, 180_000);

afterAll(async () => {
  await stopLocalStack(stack);
  await new Promise((resolve) => openAi?.close(resolve));
});

async function call<T>(method: string, path: string, token: string, json?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const structured = (title: string, steps: { title: string; imageIndexes?: number[]; startSec?: number | null }[]) =>
  chat(JSON.stringify({ title, steps: steps.map((step) => ({ details: `How to ${step.title.toLowerCase()}.`, startSec: null, imageIndexes: [], ...step })) }));

/** A new user who bought the Starter Pack in the local test checkout. */
async function starterUser(): Promise<string> {
  const registered = await fetch(`${stack.url}${apiRoutes.register}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: uniqueEmail('openai'), password: 'correct-horse' }),
  });
  const { token } = (await registered.json()) as AuthResponse;
  const { body } = await call<CheckoutUrlResponse>('POST', apiRoutes.stripe.checkoutStarter, token);
  await call('POST', apiRoutes.stripe.completeLocalCheckout(body.url.split('/').pop()!), token);
  return token;
}

const notes = 'Log in to the admin console, open Users, pick the person and press Reset password. Tell them to check their inbox.';

it('structures the notes with the configured model and saves what it answered', async () => {
  const token = await starterUser();
  replies.push(
    chat(
      JSON.stringify({
        title: 'Reset a password',
        steps: [
          { title: 'Open the admin console', details: 'Log in with your admin account.', startSec: null, imageIndexes: [] },
          { title: 'Reset the password', details: 'Users → the person → Reset password.', startSec: null, imageIndexes: [] },
          { title: 'Tell the user', details: 'Ask them to check their inbox.', startSec: null, imageIndexes: [] },
        ],
      }),
    ),
  );
  const created = await call<Sop>('POST', '/api/sop/from-text', token, { title: 'Reset a customer password', text: notes });
  expect(created.status).toBe(201);
  expect(created.body.title).toBe('Reset a customer password');
  expect(created.body.steps.map((step) => step.title)).toEqual(['Open the admin console', 'Reset the password', 'Tell the user']);
  expect(created.body.generatedBy).toEqual({ structurer: 'openai:sop-writer', offline: false });

  const sent = requests.at(-1)!;
  expect(sent.path).toBe('/v1/chat/completions');
  expect(sent.headers.authorization).toBe('Bearer sk-sopwright-test');
  expect(sent.body.model).toBe('sop-writer');
  expect(sent.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'sop', strict: true } });
  expect(sent.body.messages.at(-1)!.content).toContain(notes);
  expect((await call<Usage>('GET', apiRoutes.usage, token)).body).toEqual({ planType: 'starter', credits: 4 });
}, 60_000);

it('fails with a message naming the key when the provider refuses it, and gives the credit back', async () => {
  const token = await starterUser();
  replies.push({ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } });
  const refused = await call<{ message: string }>('POST', '/api/sop/from-text', token, { title: 'Reset a password', text: notes });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(refused.body.message).toBe('The AI provider refused the structuring request (HTTP 401). Check OPENAI_API_KEY (the AI provider API key).');
  expect((await call<Usage>('GET', apiRoutes.usage, token)).body).toEqual({ planType: 'starter', credits: 5 });
  expect((await call<Sop[]>('GET', '/api/sop', token)).body).toEqual([]);
}, 60_000);

async function postForm<T>(path: string, token: string, form: FormData) {
  const response = await fetch(`${stack.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return { status: response.status, body: (await response.json()) as T };
}

it('reads photos with the vision model and attaches each to the step the model names', async () => {
  const token = await starterUser();
  replies.push(
    chat('The Users page of the admin console with a Reset password button.\nUsers\nReset password'),
    structured('Reset a password', [{ title: 'Open Users' }, { title: 'Press Reset password', imageIndexes: [0] }]),
  );
  const form = new FormData();
  form.append('title', '');
  form.append('photos', new Blob([new Uint8Array(tinyPng)], { type: 'image/png' }), 'users.png');
  const created = await postForm<Sop>('/api/sop/from-photos', token, form);
  expect(created.status).toBe(201);
  expect(created.body.title).toBe('Reset a password');
  expect(created.body.steps[0]!.imageUrls ?? []).toEqual([]);
  expect(created.body.steps[1]!.imageUrls).toHaveLength(1);

  const [vision, structuring] = requests.slice(-2);
  const visionContent = vision!.body.messages[0]!.content as { type: string; image_url?: { url: string } }[];
  expect(visionContent.find((part) => part.type === 'image_url')?.image_url?.url).toMatch(/^data:image\/png;base64,/);
  expect(structuring!.body.messages.at(-1)!.content).toContain('The Users page of the admin console');
}, 60_000);

it('transcribes a spoken description through /audio/transcriptions with word timings', async () => {
  const token = await starterUser();
  const dir = await mkdtemp(join(tmpdir(), 'sopwright-openai-audio-'));
  try {
    const wav = join(dir, 'said.wav');
    await promisify(execFile)('flite', ['-voice', 'slt', '-t', 'Open the users page. Press reset password.', '-o', wav]);
    replies.push(
      { status: 200, body: { task: 'transcribe', language: 'english', duration: 3, text: 'Open the users page. Press reset password.', words: [{ word: 'Open', start: 0.2, end: 0.5 }, { word: 'Press', start: 1.6, end: 1.9 }] } },
      structured('Reset a password', [{ title: 'Open the users page', startSec: 0.2 }, { title: 'Press reset password', startSec: 1.6 }]),
    );
    const form = new FormData();
    form.append('title', 'Reset a password');
    form.append('audio', new Blob([new Uint8Array(await readFile(wav))], { type: 'audio/wav' }), 'recording');
    const created = await postForm<Sop>('/api/sop/from-audio', token, form);
    expect(created.status).toBe(201);
    expect(created.body.steps.map((step) => step.title)).toEqual(['Open the users page', 'Press reset password']);
    const [transcription, structuring] = requests.slice(-2);
    expect(transcription!.path).toBe('/v1/audio/transcriptions');
    expect(transcription!.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(transcription!.raw).toContain('name="timestamp_granularities[]"');
    expect(structuring!.body.messages.at(-1)!.content).toContain('[0.2s] Open Press');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 60_000);
