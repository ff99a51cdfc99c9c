import sharp from 'sharp';
import { PRINT_MAX_HEIGHT, PRINT_MAX_WIDTH, printRendition } from './print-rendition';

/** A screenshot-like PNG: a window of text lines, buttons and a photo-ish gradient, as screen captures have. */
async function screenshotLike(width: number, height: number): Promise<Buffer> {
  const lines = Array.from({ length: Math.floor(height / 28) }, (_, index) => `<text x="${40 + (index % 3) * 12}" y="${40 + index * 28}" font-size="18" fill="#222">Row ${index}: customer record updated, invoice 10${index}42 sent to billing@example.com</text>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2f978b"/><stop offset="1" stop-color="#f4a261"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="#fafafa"/><rect x="${width * 0.6}" y="60" width="${width * 0.35}" height="${height * 0.5}" fill="url(#g)"/>
    ${lines.join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('printRendition', () => {
  it('makes a print-size JPEG of a large screenshot, keeping its proportions', async () => {
    const original = await screenshotLike(2880, 1800);
    const print = await printRendition(original);
    expect(print).not.toBeNull();
    const metadata = await sharp(print!).metadata();
    // 2880x1800 fits the print box by its height: 1024x640.
    expect({ format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({ format: 'jpeg', width: 1024, height: PRINT_MAX_HEIGHT });
    expect(print!.length).toBeLessThan(original.length / 2);
  });

  it('puts transparency on white and turns a phone photo upright', async () => {
    const transparent = await sharp({ create: { width: 1600, height: 900, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png({ compressionLevel: 0 }).toBuffer();
    const flattened = await sharp((await printRendition(transparent))!).raw().toBuffer({ resolveWithObject: true });
    expect([...flattened.data.subarray(0, 3)]).toEqual([255, 255, 255]);

    // EXIF orientation 6: stored landscape, shown portrait.
    const sideways = await sharp(await screenshotLike(1000, 500)).jpeg({ quality: 90 }).withMetadata({ orientation: 6 }).toBuffer();
    const upright = await sharp((await printRendition(sideways))!).metadata();
    expect({ width: upright.width, height: upright.height }).toEqual({ width: 320, height: PRINT_MAX_HEIGHT });
  });

  it('fits a wide capture to the box by its width', async () => {
    const wide = await sharp((await printRendition(await screenshotLike(3000, 1000)))!).metadata();
    expect({ width: wide.width, height: wide.height }).toEqual({ width: PRINT_MAX_WIDTH, height: 413 });
  });

  it('keeps no rendition when the original is already small', async () => {
    const small = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#336699' } }).jpeg({ quality: 70 }).toBuffer();
    expect(await printRendition(small)).toBeNull();
  });
});
