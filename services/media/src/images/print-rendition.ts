import sharp from 'sharp';

/**
 * Exports lay a step image out at most about 17 cm wide: 1,400 px is more than 200 dpi there.
 * Chromium would otherwise recompress full-size PNG screenshots on every PDF (most of a
 * render's time), and DOCX/HTML files would carry them whole.
 */
export const PRINT_MAX_WIDTH = 1400;
const PRINT_MAX_HEIGHT = 2000;

/**
 * A print-size JPEG of a raster image (turned upright, transparency on white), or null when
 * it would not be smaller than the original, which then serves as it is.
 */
export async function printRendition(original: Buffer): Promise<Buffer | null> {
  const { format, width = 0, height = 0, orientation } = await sharp(original, { limitInputPixels: false }).metadata();
  // A JPEG that already fits, upright, is what a print rendition would be: encoding it again only loses quality.
  if (format === 'jpeg' && width <= PRINT_MAX_WIDTH && height <= PRINT_MAX_HEIGHT && (orientation ?? 1) === 1) return null;
  const rendition = await sharp(original, { limitInputPixels: false })
    .rotate()
    .resize({ width: PRINT_MAX_WIDTH, height: PRINT_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
  return rendition.length < original.length * 0.9 ? rendition : null;
}
