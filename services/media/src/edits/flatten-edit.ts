import type { EditRect, ImageEdit } from '@sopwright/contracts';
import sharp, { type OverlayOptions } from 'sharp';
import { editOverlaySvg } from './edit-overlay';

export interface FlattenedImage {
  body: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  extension: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

interface PixelBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A fraction box in whole pixels of a `width` x `height` image, at least one pixel, inside it. */
export function toPixels(rect: EditRect, width: number, height: number): PixelBox {
  const left = Math.min(width - 1, Math.max(0, Math.floor(rect.x * width)));
  const top = Math.min(height - 1, Math.max(0, Math.floor(rect.y * height)));
  const right = Math.min(width, Math.max(left + 1, Math.ceil((rect.x + rect.width) * width)));
  const bottom = Math.min(height, Math.max(top + 1, Math.ceil((rect.y + rect.height) * height)));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * A redacted region, unreadable and unrecoverable: the pixels are first averaged into blocks
 * (information thrown away, unlike a blur alone, which can be partly undone), then blown up
 * again blocky (`pixelate`) or smoothly and blurred (`blur`).
 */
async function redactRegion(upright: Buffer, box: PixelBox, style: 'blur' | 'pixelate'): Promise<Buffer> {
  const block = Math.max(6, Math.ceil(Math.max(box.width, box.height) / 12), Math.ceil(box.height / 2));
  const small = await sharp(upright)
    .extract(box)
    .resize(Math.max(1, Math.round(box.width / block)), Math.max(1, Math.round(box.height / block)), { fit: 'fill', kernel: 'cubic' })
    .toBuffer();
  const large = sharp(small).resize(box.width, box.height, { fit: 'fill', kernel: style === 'pixelate' ? 'nearest' : 'cubic' });
  if (style === 'blur') large.blur(Math.max(2, block / 2));
  return large.png().toBuffer();
}

/**
 * Draws an edit layer onto an original: the image turned upright (EXIF), redactions applied,
 * the other marks drawn over them in order, the crop cut last. The result keeps the
 * original's format (screenshots stay lossless PNG) and carries no metadata.
 */
export async function flattenEdit(original: Buffer, edit: ImageEdit): Promise<FlattenedImage> {
  const { data: upright, info } = await sharp(original, { limitInputPixels: false })
    .rotate()
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const layers: OverlayOptions[] = [];
  for (const shape of edit.shapes) {
    if (shape.kind !== 'redaction') continue;
    const box = toPixels(shape.rect, width, height);
    layers.push({ input: await redactRegion(upright, box, shape.style), left: box.left, top: box.top });
  }
  const overlay = editOverlaySvg(edit.shapes, width, height);
  if (overlay) layers.push({ input: Buffer.from(overlay), left: 0, top: 0 });
  const drawn = layers.length > 0 ? await sharp(upright).composite(layers).png({ compressionLevel: 1 }).toBuffer() : upright;

  let output = sharp(drawn);
  let size = { width, height };
  if (edit.crop) {
    const box = toPixels(edit.crop, width, height);
    output = output.extract(box);
    size = { width: box.width, height: box.height };
  }
  const { format } = await sharp(original).metadata();
  if (format === 'jpeg') return { body: await output.jpeg({ quality: 90, mozjpeg: true }).toBuffer(), contentType: 'image/jpeg', extension: 'jpg', ...size };
  if (format === 'webp') return { body: await output.webp({ quality: 90 }).toBuffer(), contentType: 'image/webp', extension: 'webp', ...size };
  return { body: await output.png().toBuffer(), contentType: 'image/png', extension: 'png', ...size };
}

/** The upright size of an image (EXIF orientations 5-8 swap the sides). */
export async function uprightSize(image: Buffer): Promise<{ width: number; height: number }> {
  const { width = 1, height = 1, orientation = 1 } = await sharp(image, { limitInputPixels: false }).metadata();
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}
