import { generationJob, mediaMessages, sopMessages, type StoredImage } from '@sopwright/contracts';
import type { OcrReading } from '@sopwright/server-kit';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import type { ImageReader, WordReader } from '../providers/image-reader';
import type { Providers } from '../providers/provider-factory';
import type { StructuringInput } from '../providers/structurer';
import { generateSop, type PipelineDeps } from './generate-sop';

const email = 'ann.lee@example.com';
const card = '4111 1111 1111 1111';
const ownerId = randomUUID();

/** Object storage in memory. */
function memoryStorage() {
  const objects = new Map<string, Buffer>();
  return {
    objects,
    putFile: async (key: string, path: string) => void objects.set(key, await readFile(path)),
    get: async (key: string) => Readable.from([objects.get(key)!]),
    remove: async (key: string) => void objects.delete(key),
  };
}

/**
 * Media and sop as the worker meets them over the wire (requests validated by the contracts):
 * an edit files a new image whose bytes say which layer made them.
 */
function fakeServices(storage: ReturnType<typeof memoryStorage>) {
  const sent: { pattern: string; payload: Record<string, unknown> }[] = [];
  const stored = (imageId: string, objectKey: string): StoredImage => ({ imageId, url: `/api/media/images/${imageId}`, objectKey, contentType: 'image/png', byteSize: 1, print: null });
  const send = async (message: { pattern: string; request: { parse(value: unknown): unknown } }, payload: Record<string, unknown>) => {
    message.request.parse(payload);
    sent.push({ pattern: message.pattern, payload });
    if (message.pattern === mediaMessages.ingestImage.pattern) {
      const objectKey = `images/${ownerId}/${String(payload.imageId)}.png`;
      storage.objects.set(objectKey, storage.objects.get(String(payload.incomingKey))!);
      storage.objects.delete(String(payload.incomingKey));
      return stored(String(payload.imageId), objectKey);
    }
    if (message.pattern === mediaMessages.editImage.pattern) {
      const imageId = randomUUID();
      const objectKey = `images/${ownerId}/${imageId}.png`;
      storage.objects.set(objectKey, Buffer.from(`rendering of ${String(payload.imageId)} with ${JSON.stringify(payload.edit)}`));
      return stored(imageId, objectKey);
    }
    if (message.pattern === sopMessages.create.pattern) return { id: randomUUID() };
    throw new Error(`unexpected ${message.pattern}`);
  };
  return { sent, send };
}

/** OCR as tesseract would read a screenshot with the email on one line and the card number below it. */
const wordReader = (): WordReader & { calls: string[] } => {
  const calls: string[] = [];
  return {
    name: 'tesseract',
    calls,
    readWords: async (path: string): Promise<OcrReading> => {
      calls.push(path);
      const { width = 0 } = await sharp(path).metadata();
      // Boxes in the pixels of the image OCR read (enlarged twice from 800 px).
      expect(width).toBe(1600);
      const words = [
        { text: 'Email:', left: 40, top: 40, width: 120, height: 40, confidence: 95 },
        { text: email, left: 180, top: 40, width: 420, height: 40, confidence: 95 },
        { text: 'Card', left: 40, top: 120, width: 90, height: 40, confidence: 95 },
        ...card.split(' ').map((group, i) => ({ text: group, left: 150 + i * 100, top: 120, width: 80, height: 40, confidence: 95 })),
      ];
      return { text: `Email: ${email}\nCard ${card}`, words };
    },
  };
};

async function setUp(imageReader: ImageReader) {
  const storage = memoryStorage();
  const services = fakeServices(storage);
  const words = wordReader();
  const structured: StructuringInput[] = [];
  const photo = await sharp({ create: { width: 800, height: 300, channels: 3, background: '#fff' } }).png().toBuffer();
  storage.objects.set('incoming/photo-a', photo);
  storage.objects.set('incoming/photo-b', photo);
  const providers = {
    transcriber: { name: 'ears', transcribe: async () => ({ text: '', words: [] }) },
    imageReader,
    wordReader: words,
    structurer: {
      name: 'offline',
      offline: true,
      structure: async (input: StructuringInput) => {
        structured.push(input);
        // A structurer that writes back what it read, and a value of its own making.
        return { title: input.title, steps: input.images.map((image) => ({ title: `Check ${image.reading?.text.split('\n')[0] ?? ''}`, details: `Or write to bob@example.org`, imageIndexes: [image.index] })) };
      },
    },
  } as unknown as Providers;
  const deps = {
    services: { send: services.send },
    settlements: { settle: async () => undefined },
    storage,
    providers,
    tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' },
    maxKeyframes: 12,
    sceneThreshold: 0.1,
    imageReadConcurrency: 2,
  } as unknown as PipelineDeps;
  const payload = (redact?: boolean) =>
    generationJob.payload.parse({
      ownerId,
      title: `Refund ${email}`,
      source: { kind: 'photos', photos: [{ key: 'incoming/photo-a', mimeType: 'image/png' }, { key: 'incoming/photo-b', mimeType: 'image/png' }] },
      reservationId: randomUUID(),
      ...(redact === undefined ? {} : { redact }),
    });
  const run = (redact?: boolean) => generateSop(deps, 'job-1', payload(redact), async () => undefined);
  /** The uploads as they are when an attempt starts (a successful one removes them). */
  const upload = () => {
    storage.objects.set('incoming/photo-a', photo);
    storage.objects.set('incoming/photo-b', photo);
  };
  return { storage, services, words, structured, run, upload };
}

const created = (sent: { pattern: string; payload: Record<string, unknown> }[]) => sent.find((call) => call.pattern === sopMessages.create.pattern)!.payload;

describe('generateSop with automatic redaction (the default)', () => {
  it('reads each image once with the offline OCR, blurs what it found, and masks the text', async () => {
    const read = jest.fn();
    const { services, words, structured, run } = await setUp({ name: 'tesseract', ocr: true, read });
    await run();
    // One reading per image, of the upright enlarged copy; the text comes from it.
    expect(words.calls).toHaveLength(2);
    expect(read).not.toHaveBeenCalled();
    expect(structured[0]!.images.map((image) => image.reading?.text)).toEqual(['Email: [email]\nCard [card]', 'Email: [email]\nCard [card]']);
    expect(structured[0]!.title).toBe('Refund [email]');
    expect(structured[0]!.text).not.toContain(email);

    const edits = services.sent.filter((call) => call.pattern === mediaMessages.editImage.pattern);
    expect(edits).toHaveLength(2);
    for (const edit of edits) {
      const shapes = (edit.payload.edit as { shapes: { reason: string; origin: string; style: string; rect: { y: number } }[] }).shapes;
      expect(shapes.map((shape) => [shape.reason, shape.origin, shape.style])).toEqual([
        ['email', 'auto', 'blur'],
        ['card', 'auto', 'blur'],
      ]);
      // In fractions of the upright original: the email's line is 40-80 of the 600 px OCR read.
      expect(shapes[0]!.rect.y).toBeCloseTo((40 - 6) / 600, 6);
    }
    // The steps show the edited images, not the originals.
    const sop = created(services.sent);
    const ingested = services.sent.filter((call) => call.pattern === mediaMessages.ingestImage.pattern).map((call) => call.payload.imageId);
    const shown = (sop.steps as { imageUrls: string[] }[]).flatMap((step) => step.imageUrls);
    expect(shown).toHaveLength(2);
    for (const url of shown) expect(ingested.some((id) => url.endsWith(String(id)))).toBe(false);
    // Nothing sensitive in what is kept, even what the structurer made up.
    expect(JSON.stringify(sop)).not.toMatch(/ann\.lee|4111|bob@/);
    expect(sop.transcript).toContain('[email]');
    expect((sop.steps as { details: string }[])[0]!.details).toBe('Or write to [email]');
  });

  it('files the same images when the job is retried', async () => {
    const { services, run, upload } = await setUp({ name: 'tesseract', ocr: true, read: jest.fn() });
    await run();
    // The attempt crashed after saving, say: the next one runs on the same uploads.
    upload();
    await run();
    const edits = services.sent.filter((call) => call.pattern === mediaMessages.editImage.pattern).map((call) => JSON.stringify(call.payload));
    expect(edits).toHaveLength(4);
    // Images are read two at once, so the attempts may send them in either order.
    expect(edits.slice(2).sort()).toEqual(edits.slice(0, 2).sort());
  });

  it('sends a cloud reader only the redacted rendering media made, never the original', async () => {
    const seen: string[] = [];
    const cloud: ImageReader = {
      name: 'openai:vision',
      read: async (path, mimeType) => {
        seen.push(`${mimeType} ${(await readFile(path)).toString('latin1')}`);
        return { description: 'A customer form', text: `Contact ${email}` };
      },
    };
    const { services, words, structured, run } = await setUp(cloud);
    await run();
    expect(words.calls).toHaveLength(2);
    expect(seen).toHaveLength(2);
    for (const bytes of seen) expect(bytes).toMatch(/^image\/png rendering of [0-9a-f-]{36} with \{"crop":null,"shapes":\[\{"kind":"redaction"/);
    expect(structured[0]!.images.map((image) => image.reading?.text)).toEqual(['Contact [email]', 'Contact [email]']);
    // Filed once, before reading: saving reuses them.
    expect(services.sent.filter((call) => call.pattern === mediaMessages.ingestImage.pattern)).toHaveLength(2);
    expect(services.sent.filter((call) => call.pattern === mediaMessages.editImage.pattern)).toHaveLength(2);
  });
});

describe('generateSop with redaction off', () => {
  it('reads images as before, keeps the originals on the steps and leaves the text alone', async () => {
    const read = jest.fn(async () => ({ text: `Email: ${email}` }));
    const { services, words, structured, run } = await setUp({ name: 'tesseract', ocr: true, read });
    await run(false);
    expect(words.calls).toHaveLength(0);
    expect(read).toHaveBeenCalledTimes(2);
    expect(structured[0]!.title).toBe(`Refund ${email}`);
    expect(services.sent.filter((call) => call.pattern === mediaMessages.editImage.pattern)).toHaveLength(0);
    expect(JSON.stringify(created(services.sent))).toContain(email);
  });
});
