import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { uprightImage, writeOcrImage } from './ocr-image';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ocr-image-spec-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A landscape image, red on its left half and blue on its right. */
const halves = (width: number, height: number) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="50%" height="100%" fill="#f00"/><rect x="50%" width="50%" height="100%" fill="#00f"/></svg>`));

describe('writeOcrImage', () => {
  it('turns a photo upright by its EXIF orientation and enlarges it when narrow', async () => {
    // Stored sideways (rotated a quarter turn anticlockwise) with orientation 6: viewers turn it back.
    const sideways = await sharp(await halves(800, 400).png().toBuffer()).rotate(270).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await sharp(sideways).metadata()).toMatchObject({ width: 400, height: 800, orientation: 6 });
    const image = await writeOcrImage(sideways, join(dir, 'upright.png'));
    expect(image).toEqual({ path: join(dir, 'upright.png'), width: 1600, height: 800, scale: 2 });
    const { data } = await sharp(image.path).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * 1600 + x) * 3, (y * 1600 + x) * 3 + 3)];
    // Red stays on the left as the photo was taken.
    expect(pixel(100, 400)[0]).toBeGreaterThan(200);
    expect(pixel(1500, 400)[2]).toBeGreaterThan(200);
  });

  it('reads a wide screenshot as it is', async () => {
    const image = await writeOcrImage(await halves(1920, 1080).png().toBuffer(), join(dir, 'wide.png'));
    expect(image).toMatchObject({ width: 1920, height: 1080, scale: 1 });
  });
});

describe('uprightImage', () => {
  it('answers an upright image as it is, and writes an upright copy of one stored sideways', async () => {
    const plain = join(dir, 'plain.png');
    await halves(800, 400).png().toFile(plain);
    expect(await uprightImage(plain, join(dir, 'unused.png'))).toBe(plain);
    const sideways = join(dir, 'sideways.jpg');
    await sharp(await halves(800, 400).png().toBuffer()).rotate(270).jpeg().withMetadata({ orientation: 6 }).toFile(sideways);
    const copy = await uprightImage(sideways, join(dir, 'copy.png'));
    expect(copy).toBe(join(dir, 'copy.png'));
    expect(await sharp(copy).metadata()).toMatchObject({ width: 800, height: 400 });
  });
});
