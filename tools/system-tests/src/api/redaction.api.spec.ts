import { apiRoutes, billingMessages, redactField, type AuthResponse, type CheckoutUrlResponse, type Sop } from '@sopwright/contracts';
import { readOcrWords, writeOcrImage } from '@sopwright/server-kit';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';
import sharp from 'sharp';
import { api, baseUrl, registerUser, uniqueEmail } from '../support/api';
import { fetchAsUser } from '../support/fixtures';
import { freePorts, newDataDir, startLocalStack, stopLocalStack, type LocalStack } from '../support/local-stack';
import { closeServices, services } from '../support/services';

/**
 * Automatic redaction on generation, offline: screenshots carrying a known email, a
 * Luhn-valid card number and an API key go through from-photos; after it, neither the SOP's
 * text nor OCR of any image a reader or a document gets (step images; PDF, DOCX, HTML and
 * Markdown exports) finds any of them. The same checks find every value with `redact=false`,
 * which proves they can fail. With a cloud vision reader and structurer, a local server
 * speaking the OpenAI protocol stands in for the provider: it never receives the values,
 * neither in text nor in the images (OCR of the payloads).
 */
const run = promisify(execFile);

const email = 'dana.whitby@kestrel-post.com';
const card = '4539 1488 0343 6467';
const key = 'sk-live-7Hq2Zp9XwT4mB8nR3vK6yE5s';

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, '');
/** Each value, whole (as OCR or text would carry it) and by its most telling parts. */
const needles: Record<'email' | 'card' | 'key', string[]> = {
  email: [normalise(email), 'dana.whitby', 'kestrel-post'],
  card: ['4539148803436467', '14880343'],
  key: [normalise(key), '7hq2zp9xwt4mb8nr3vk6ye5s'],
};
/** The values whose whole or telling parts a text carries. */
const valuesIn = (text: string) => {
  const flat = normalise(text);
  return (Object.keys(needles) as (keyof typeof needles)[]).filter((value) => needles[value].some((needle) => flat.includes(needle)));
};

/** A 1280 x 720 admin screen, dark text on white in DejaVu Sans, large enough for tesseract. */
function screenshot(lines: string[]): Promise<Buffer> {
  const text = lines.map((line, i) => `<text x="60" y="${200 + i * 90}" font-family="DejaVu Sans" font-size="32" fill="#1f2933">${line}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="100%" height="100%" fill="#ffffff"/><rect width="100%" height="90" fill="#e4e7eb"/><text x="60" y="58" font-family="DejaVu Sans" font-size="30" fill="#1f2933">Northwind admin</text>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

interface Photo {
  bytes: Buffer;
  name: string;
  type: string;
}
let dir: string;
let photos: Photo[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sopwright-redaction-'));
  const third = await screenshot(['Step 3: Copy the API key', `Key: ${key}`, 'Created today by the integrations team']);
  photos = [
    { bytes: await screenshot(['Step 1: Open the customer record', `Customer email: ${email}`, 'Plan: Business, billed yearly']), name: 'customer.png', type: 'image/png' },
    { bytes: await screenshot(['Step 2: Check the card on file', `Card number: ${card}`, 'Expires 09/29']), name: 'card.png', type: 'image/png' },
    // A phone photo: pixels stored a quarter turn anticlockwise, with the EXIF tag that turns them upright.
    { bytes: await sharp(third).rotate(270).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer(), name: 'key.jpg', type: 'image/jpeg' },
  ];
  // The fixtures say what they should: OCR reads every value from them as they are.
  expect(valuesIn((await Promise.all(photos.map((photo) => ocr(photo.bytes)))).join('\n')).sort()).toEqual(['card', 'email', 'key']);
}, 60_000);

afterAll(async () => {
  await closeServices();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** What tesseract reads in an image, upright and enlarged when narrow, as the product reads it. */
async function ocr(bytes: Buffer): Promise<string> {
  const work = await mkdtemp(join(dir, 'ocr-'));
  try {
    const image = await writeOcrImage(bytes, join(work, 'image.png'));
    return (await readOcrWords(image.path)).text;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function fromPhotos(url: string, token: string, redact?: string) {
  const form = new FormData();
  form.append('title', '');
  if (redact !== undefined) form.append(redactField, redact);
  for (const photo of photos) form.append('photos', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  const response = await fetch(`${url}/api/sop/from-photos`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as Sop & { message?: string } };
}

const imagePath = (url: string) => new URL(url, 'http://x').pathname;

/** Everything a reader gets from an SOP: its text, and per place (the app, each export) the images and the text it carries. */
async function whatLeaves(sop: Sop, token: string) {
  const get = async (path: string) => {
    const response = await fetchAsUser(path, token);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };
  const stepImages = sop.steps.flatMap((step) => step.imageUrls ?? []);

  const pdfPath = join(dir, `${sop.id}.pdf`);
  await writeFile(pdfPath, await get(`/api/sop/${sop.id}/export/pdf`));
  const pdfImages = join(dir, `${sop.id}-pdf`);
  await run('pdfimages', ['-png', pdfPath, pdfImages]);
  const extracted = (await readdir(dir)).filter((file) => file.startsWith(`${sop.id}-pdf`)).sort();
  const pdfText = (await run('pdftotext', [pdfPath, '-'])).stdout;

  const docx = await JSZip.loadAsync(await get(`/api/sop/${sop.id}/export/docx`));
  const docxMedia = Object.keys(docx.files).filter((name) => name.startsWith('word/media/'));
  const docxText = await docx.file('word/document.xml')!.async('string');

  const html = (await get(`/api/sop/${sop.id}/export/html`)).toString('utf8');
  const htmlImages = [...html.matchAll(/src="data:image\/[a-z]+;base64,([^"]+)"/g)].map((match) => Buffer.from(match[1]!, 'base64'));

  const markdown = (await get(`/api/sop/${sop.id}/export/markdown`)).toString('utf8');
  const markdownImages = [...markdown.matchAll(/\(<(https?:\/\/[^>]+\/api\/media\/images\/[0-9a-f-]{36})>\)/g)].map((match) => imagePath(match[1]!));

  return {
    text: [sop.title, sop.transcript ?? '', ...sop.steps.flatMap((step) => [step.title, step.details])].join('\n'),
    places: {
      'step images': { images: await Promise.all(stepImages.map(get)), text: '' },
      pdf: { images: await Promise.all(extracted.map((file) => readFile(join(dir, file)))), text: pdfText },
      docx: { images: await Promise.all(docxMedia.map((name) => docx.file(name)!.async('nodebuffer'))), text: docxText },
      html: { images: htmlImages, text: html.replace(/data:image\/[a-z]+;base64,[^"]+/g, '') },
      markdown: { images: await Promise.all(markdownImages.map(get)), text: markdown },
    },
  };
}

async function starterUser(credits: number) {
  const user = await registerUser();
  await services().send(billingMessages.grantCredits, { userId: user.user.id, credits, key: 'test-pack', reason: 'test' });
  return user;
}

describe('automatic redaction on generation, offline', () => {
  let token: string;
  let redacted: Awaited<ReturnType<typeof whatLeaves>>;
  let kept: Awaited<ReturnType<typeof whatLeaves>>;

  beforeAll(async () => {
    ({ token } = await starterUser(3));
    // On by default (no field), and off with "false", side by side.
    const [on, off] = await Promise.all([fromPhotos(baseUrl(), token), fromPhotos(baseUrl(), token, 'false')]);
    expect([on.status, off.status, on.body.message, off.body.message]).toEqual([201, 201, undefined, undefined]);
    expect(on.body.steps.filter((step) => step.imageUrls?.length)).toHaveLength(3);
    [redacted, kept] = await Promise.all([whatLeaves(on.body, token), whatLeaves(off.body, token)]);
  }, 240_000);

  it('masks the values in the step text and the transcript, with placeholders that read well', () => {
    expect(valuesIn(redacted.text)).toEqual([]);
    expect(redacted.text).toContain('[email]');
    expect(redacted.text).toContain('[card]');
    expect(redacted.text).toContain('[secret]');
    // The rest of what the screenshots say is kept.
    expect(redacted.text).toMatch(/Open the customer record/);
    expect(redacted.text).toMatch(/Copy the API key/);
  });

  it.each(['step images', 'pdf', 'docx', 'html', 'markdown'] as const)('leaves no value in the %s, neither in the text nor in OCR of the images', async (place) => {
    const { images, text } = redacted.places[place];
    expect(images).toHaveLength(3);
    const read = await Promise.all(images.map(ocr));
    expect(valuesIn(text)).toEqual([]);
    expect(read.map(valuesIn)).toEqual([[], [], []]);
    // What is not sensitive still reads: the images are blurred where the values were, not blank.
    expect(read.join('\n')).toMatch(/customer record/i);
    expect(read.join('\n')).toMatch(/API key/i);
  }, 120_000);

  it.each(['step images', 'pdf', 'docx', 'html', 'markdown'] as const)('with redact=false, the same checks find every value in the %s', async (place) => {
    const { images } = kept.places[place];
    expect(images).toHaveLength(3);
    const read = await Promise.all(images.map(ocr));
    expect(valuesIn(read.join('\n')).sort()).toEqual(['card', 'email', 'key']);
  }, 120_000);

  it('with redact=false keeps the values in the text', () => {
    expect(valuesIn(kept.text).sort()).toEqual(['card', 'email', 'key']);
  });

  it('masks typed notes too, unless redact is false in the JSON body', async () => {
    const user = await starterUser(2);
    const text = `Open the billing page. Then email the receipt to ${email}. Finally paste ${key} into the settings.`;
    const on = await api<Sop>('POST', '/api/sop/from-text', { token: user.token, json: { title: 'Send a receipt', text } });
    const off = await api<Sop>('POST', '/api/sop/from-text', { token: user.token, json: { title: 'Send a receipt', text, redact: false } });
    expect([on.status, off.status]).toEqual([201, 201]);
    const stepText = (sop: Sop) => sop.steps.map((step) => `${step.title}\n${step.details}`).join('\n');
    expect(valuesIn(stepText(on.body))).toEqual([]);
    expect(stepText(on.body)).toContain('Email the receipt to [email]');
    expect(valuesIn(stepText(off.body)).sort()).toEqual(['email', 'key']);
  }, 60_000);

  it('refuses a redact field that is neither true nor false, charging nothing', async () => {
    const user = await starterUser(1);
    const form = await fromPhotos(baseUrl(), user.token, 'maybe');
    expect(form).toMatchObject({ status: 400, body: { message: 'redact must be true or false' } });
    const json = await api<{ message: string }>('POST', '/api/sop/from-text', { token: user.token, json: { title: 'T', text: 'Do it', redact: 'no' } });
    expect(json).toMatchObject({ status: 400, body: { message: 'redact must be true or false' } });
    expect((await api<{ credits: number }>('GET', '/api/usage', { token: user.token })).body.credits).toBe(1);
  }, 60_000);
});

describe('automatic redaction with a cloud vision reader and structurer', () => {
  interface Recorded {
    path: string;
    raw: string;
  }
  const requests: Recorded[] = [];
  let provider: Server;
  let stack: LocalStack;

  const chat = (content: string) => ({ id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'sop-writer', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] });
  const sop = { title: 'Look up a customer', steps: [0, 1, 2].map((index) => ({ title: `Step ${index + 1}`, details: 'As shown.', startSec: null, imageIndexes: [index] })) };

  beforeAll(async () => {
    // The OpenAI protocol: each vision request gets a description, the structuring request the SOP.
    provider = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')));
      request.on('end', () => {
        requests.push({ path: request.url ?? '', raw });
        const structuring = raw.includes('"response_format"');
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(chat(structuring ? JSON.stringify(sop) : 'An admin screen of a customer account.\nNorthwind admin')));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    stack = await startLocalStack(await newDataDir('redaction-cloud'), await freePorts(), {
      STRUCTURER: 'openai',
      IMAGE_READER: 'openai',
      OPENAI_API_KEY: 'sk-sopwright-test',
      OPENAI_BASE_URL: `http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`,
      OPENAI_MODEL: 'sop-writer',
      SOPWRIGHT_GENERATION_WORKERS: '1',
    });
  }, 180_000);

  afterAll(async () => {
    await stopLocalStack(stack);
    await new Promise((resolve) => provider?.close(resolve));
  });

  /** A new user who bought the Starter Pack in the stack's test checkout. */
  async function buyer(): Promise<string> {
    const call = async <T>(path: string, token?: string, json?: unknown) => {
      const response = await fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
        body: JSON.stringify(json ?? {}),
      });
      return (await response.json()) as T;
    };
    const { token } = await call<AuthResponse>(apiRoutes.register, undefined, { email: uniqueEmail('redaction'), password: 'correct-horse' });
    const { url } = await call<CheckoutUrlResponse>(apiRoutes.stripe.checkoutStarter, token);
    await call(apiRoutes.stripe.completeLocalCheckout(url.split('/').pop()!), token);
    return token;
  }

  /** The images the provider received, decoded from the requests' data URLs. */
  const imagesSent = (sent: Recorded[]) =>
    sent.flatMap((request) => [...request.raw.matchAll(/"url":"data:image\/[a-z]+;base64,([A-Za-z0-9+/=]+)"/g)].map((match) => Buffer.from(match[1]!, 'base64')));

  it('never receives a value: the text is masked and the images are the redacted renderings', async () => {
    const token = await buyer();
    requests.length = 0;
    const created = await fromPhotos(stack.url, token);
    expect(created.status).toBe(201);
    expect(created.body.generatedBy).toEqual({ structurer: 'openai:sop-writer', offline: false });
    expect(requests.map((request) => request.path)).toEqual(Array(4).fill('/v1/chat/completions'));

    for (const request of requests) expect(valuesIn(request.raw.replace(/base64,[A-Za-z0-9+/=]+/g, ''))).toEqual([]);
    const images = imagesSent(requests);
    expect(images).toHaveLength(3);
    const read = await Promise.all(images.map(ocr));
    expect(read.map(valuesIn)).toEqual([[], [], []]);
    // Readable, upright images all the same: each still shows its step's title.
    expect(read.filter((text) => /Step \d: (Open the customer record|Check the card on file|Copy the API key)/.test(text))).toHaveLength(3);
  }, 180_000);

  it('with redact=false the same check finds the values in the images it received (the check can fail)', async () => {
    const token = await buyer();
    requests.length = 0;
    const created = await fromPhotos(stack.url, token, 'false');
    expect(created.status).toBe(201);
    const read = await Promise.all(imagesSent(requests).map(ocr));
    expect(valuesIn(read.join('\n')).sort()).toEqual(['card', 'email', 'key']);
  }, 180_000);
});
