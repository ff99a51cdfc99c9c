import sharp from 'sharp';

/** Screenshots' small print reads far better enlarged: an image narrower than this is read at twice its size. */
export const OCR_UPSCALE_BELOW = 1600;

/** The image OCR reads: where it was written, its size, and how much it was enlarged from the upright original. */
export interface OcrImage {
  path: string;
  width: number;
  height: number;
  /** 2 when enlarged (see OCR_UPSCALE_BELOW), else 1. Word boxes are in this image's pixels. */
  scale: number;
}

/**
 * Writes the image OCR should read: turned upright by its EXIF orientation (a phone photo's
 * pixels are often stored sideways, and tesseract ignores the tag), enlarged when narrow, as a
 * quickly compressed PNG. Word boxes read from it are fractions of the upright original once
 * divided by its size, the coordinates of an edit layer.
 */
export async function writeOcrImage(input: Buffer | string, outPath: string): Promise<OcrImage> {
  const { width = 1, height = 1, orientation = 1 } = await sharp(input, { limitInputPixels: false }).metadata();
  const uprightWidth = orientation >= 5 ? height : width;
  const scale = uprightWidth < OCR_UPSCALE_BELOW ? 2 : 1;
  let image = sharp(input, { limitInputPixels: false }).rotate();
  if (scale > 1) image = image.resize({ width: uprightWidth * scale });
  const info = await image.png({ compressionLevel: 1 }).toFile(outPath);
  return { path: outPath, width: info.width, height: info.height, scale };
}

/**
 * An image as OCR should read it at its own size: `path` itself when its pixels are upright
 * already (no EXIF orientation, or the identity), else an upright copy written to `outPath`.
 */
export async function uprightImage(path: string, outPath: string): Promise<string> {
  const { orientation = 1 } = await sharp(path, { limitInputPixels: false }).metadata();
  if (orientation === 1) return path;
  await sharp(path, { limitInputPixels: false }).rotate().png({ compressionLevel: 1 }).toFile(outPath);
  return outPath;
}
