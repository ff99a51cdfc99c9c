import type { ImageEdit } from '@sopwright/contracts';
import sharp from 'sharp';
import { flattenEdit, toPixels, uprightSize } from './flatten-edit';

const W = 240;
const H = 120;

/** Stripes one pixel wide: any averaging shows, and a region's variance says whether detail is left. */
async function stripes(format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) raw.fill(x % 2 === 0 ? 0 : 255, (y * W + x) * 3, (y * W + x) * 3 + 3);
  const image = sharp(raw, { raw: { width: W, height: H, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 95 }).toBuffer();
}

async function pixels(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)] as [number, number, number];
  return { at, width: info.width, height: info.height };
}

function spread(at: (x: number, y: number) => number[], box: { left: number; top: number; width: number; height: number }): number {
  const values: number[] = [];
  for (let y = box.top; y < box.top + box.height; y++) for (let x = box.left; x < box.left + box.width; x++) values.push(at(x, y)[0]!);
  return Math.max(...values) - Math.min(...values);
}

const edit = (partial: Partial<ImageEdit>): ImageEdit => ({ crop: null, shapes: [], ...partial });

describe('flattenEdit', () => {
  it.each(['blur', 'pixelate'] as const)('%s leaves no detail inside the box and every pixel outside it as it was', async (style) => {
    const original = await stripes();
    const rect = { x: 0.25, y: 0.25, width: 0.5, height: 0.5 };
    const flat = await flattenEdit(original, edit({ shapes: [{ kind: 'redaction', rect, style, origin: 'manual', reason: 'manual' }] }));
    expect(flat.contentType).toBe('image/png');
    const out = await pixels(flat.body);
    const inside = toPixels(rect, W, H);
    // One-pixel stripes alternate 0 and 255; averaged into blocks they are a flat grey.
    expect(spread(out.at, { left: inside.left + 2, top: inside.top + 2, width: inside.width - 4, height: inside.height - 4 })).toBeLessThan(40);
    expect(out.at(10, 10)).toEqual([0, 0, 0]);
    expect(out.at(11, 10)).toEqual([255, 255, 255]);
    expect(out.at(W - 1, H - 1)).toEqual([255, 255, 255]);
  });

  it('crops last, to the box in the original\'s coordinates', async () => {
    const flat = await flattenEdit(await stripes(), edit({ crop: { x: 0.5, y: 0, width: 0.5, height: 0.5 } }));
    expect(await uprightSize(flat.body)).toEqual({ width: 120, height: 60 });
  });

  it('draws marks over the image: an arrow\'s head in its colour at its tip', async () => {
    const white = await sharp({ create: { width: W, height: H, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const flat = await flattenEdit(white, edit({ shapes: [{ kind: 'arrow', from: { x: 0.1, y: 0.5 }, to: { x: 0.9, y: 0.5 }, color: 'red' }] }));
    const out = await pixels(flat.body);
    const [r, g, b] = out.at(Math.round(0.9 * W) - 3, H / 2);
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(120);
    expect(out.at(5, 5)).toEqual([255, 255, 255]);
  });

  it('keeps a JPEG a JPEG and draws labels and markers', async () => {
    const flat = await flattenEdit(
      await stripes('jpeg'),
      edit({ shapes: [{ kind: 'marker', at: { x: 0.5, y: 0.5 }, number: 3, color: 'blue' }, { kind: 'text', at: { x: 0.1, y: 0.1 }, text: 'Click <Save> & go', color: 'yellow' }] }),
    );
    expect(flat.contentType).toBe('image/jpeg');
    const out = await pixels(flat.body);
    const [r, , b] = out.at(Math.round(0.5 * W) - 7, Math.round(0.5 * H));
    expect(b).toBeGreaterThan(150);
    expect(r).toBeLessThan(120);
  });

  it('turns a photo upright before drawing: coordinates are of the image as seen', async () => {
    // Orientation 6: stored landscape, seen portrait.
    const stored = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#ffffff' } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await uprightSize(stored)).toEqual({ width: 100, height: 200 });
    const flat = await flattenEdit(stored, edit({ crop: { x: 0, y: 0, width: 1, height: 0.5 } }));
    expect(await uprightSize(flat.body)).toEqual({ width: 100, height: 100 });
  });
});
