import sharp from 'sharp';

/**
 * The largest box an export lays a step image out in is the PDF's: the step column of A4
 * (about 620 CSS px, 164 mm) by the images' max-height (320 CSS px, 85 mm); DOCX (480 px wide)
 * and the HTML export (320 px high) use less. Two pixels per CSS pixel of that box, 1240 x 640,
 * is about 190 dpi on paper and sharp on a 2x screen. Chromium would otherwise recompress
 * full-size PNG screenshots on every PDF, and every PDF, DOCX and HTML file would carry (and
 * every render load) pixels nobody sees: a 1920x1080 screenshot prints from 1138x640.
 */
export const PRINT_MAX_WIDTH = 1240;
export const PRINT_MAX_HEIGHT = 640;

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
