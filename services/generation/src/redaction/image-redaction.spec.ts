import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { TesseractImageReader } from '../providers/offline/tesseract-image-reader';
import { redactionOf } from './image-redaction';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'image-redaction-spec-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A phone photo of a form: 1000 x 400 upright, dark text on white, one line per 100 px. */
const form = (lines: string[]) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="400"><rect width="100%" height="100%" fill="#fff"/>${lines
        .map((line, i) => `<text x="40" y="${70 + i * 100}" font-family="DejaVu Sans" font-size="34" fill="#111">${line}</text>`)
        .join('')}</svg>`,
    ),
  );

describe('redactionOf (tesseract)', () => {
  jest.setTimeout(60_000);

  it('reads a photo stored sideways upright, and blurs the values where the upright photo shows them', async () => {
    const upright = await form(['Return the parcel', 'Email ann.lee@example.com', 'Card 4111 1111 1111 1111']).png().toBuffer();
    // Pixels stored a quarter turn anticlockwise, with the EXIF tag that turns them back.
    const photo = join(dir, 'photo.jpg');
    await writeFile(photo, await sharp(upright).rotate(270).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer());

    const { reading, shapes } = await redactionOf(new TesseractImageReader(), photo, join(dir, 'ocr.png'));
    expect(reading.text).toContain('Return the parcel');
    expect(reading.text).toContain('ann.lee@example.com');
    expect(shapes.map((shape) => (shape.kind === 'redaction' ? [shape.reason, shape.origin] : shape.kind))).toEqual([
      ['email', 'auto'],
      ['card', 'auto'],
    ]);
    for (const [i, shape] of shapes.entries()) {
      if (shape.kind !== 'redaction') throw new Error('only redactions');
      // Lines 2 and 3 of the upright photo: baselines at 170 and 270 of 400.
      const middle = (shape.rect.y + shape.rect.height / 2) * 400;
      expect(Math.abs(middle - (i === 0 ? 158 : 258))).toBeLessThan(20);
      expect(shape.rect.x).toBeGreaterThan(0.1);
    }
  });

  it('reads the same words with tesseract.js when the binary is missing', async () => {
    const path = join(dir, 'form.png');
    await form(['Email ann.lee@example.com']).png().toFile(path);
    const reader = new TesseractImageReader('/nonexistent/tesseract');
    try {
      const { reading, shapes } = await redactionOf(reader, path, join(dir, 'ocr-wasm.png'));
      expect(reading.text).toContain('ann.lee@example.com');
      expect(shapes.map((shape) => (shape.kind === 'redaction' ? shape.reason : shape.kind))).toEqual(['email']);
    } finally {
      await reader.close();
    }
  });

  it('proposes nothing for an image without sensitive values, and removes its scratch file', async () => {
    const path = join(dir, 'plain.png');
    await form(['Open the settings page', 'Click Save']).png().toFile(path);
    const { reading, shapes } = await redactionOf(new TesseractImageReader(), path, join(dir, 'ocr-plain.png'));
    expect(reading.text).toContain('Open the settings page');
    expect(shapes).toEqual([]);
    await expect(sharp(join(dir, 'ocr-plain.png')).metadata()).rejects.toThrow();
  });
});
