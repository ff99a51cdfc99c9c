import sharp from 'sharp';

/** Most pixels an uploaded photo, step image or logo may have (50 MP: above any phone camera's default). */
export const defaultMaxImagePixels = 50_000_000;

export class ImageRefusedError extends Error {}

export const imageRefusals = {
  tooManyPixels: (maxPixels: number) => `That image is too large: at most ${Math.round(maxPixels / 1_000_000)} megapixels`,
  unreadable: 'That image could not be read: it may be damaged or incomplete',
};

/**
 * Decodes a JPEG, PNG or WebP for real rather than trusting its first bytes: its header's
 * dimensions must stay under the pixel cap (a small file can claim 12000×12000 and cost
 * gigabytes to render or OCR), and the whole image must decode (truncated files are refused).
 * Decoding streams into a tiny thumbnail, so checking costs little memory.
 */
export async function checkRasterImage(input: Buffer | string, maxPixels = defaultMaxImagePixels): Promise<{ width: number; height: number }> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw new ImageRefusedError(imageRefusals.unreadable);
  }
  if (!width || !height) throw new ImageRefusedError(imageRefusals.unreadable);
  if (width * height > maxPixels) throw new ImageRefusedError(imageRefusals.tooManyPixels(maxPixels));
  try {
    await sharp(input, { failOn: 'truncated', limitInputPixels: maxPixels, sequentialRead: true }).resize(16, 16, { fit: 'inside' }).toBuffer();
  } catch {
    throw new ImageRefusedError(imageRefusals.unreadable);
  }
  return { width, height };
}
