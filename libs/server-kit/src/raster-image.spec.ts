import sharp from 'sharp';
import { checkRasterImage, ImageRefusedError, imageRefusals } from './raster-image';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();

describe('checkRasterImage', () => {
  it('accepts a real image and tells its size', async () => {
    await expect(checkRasterImage(await png(640, 480))).resolves.toEqual({ width: 640, height: 480 });
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    await expect(checkRasterImage(jpeg)).resolves.toEqual({ width: 300, height: 200 });
  });

  it('refuses a small file that decodes to too many pixels, before decoding it', async () => {
    const bomb = await png(10_000, 10_000); // a few hundred KB that would be 300 MB of pixels
    expect(bomb.length).toBeLessThan(1_000_000);
    await expect(checkRasterImage(bomb)).rejects.toEqual(new ImageRefusedError(imageRefusals.tooManyPixels(50_000_000)));
    await expect(checkRasterImage(await png(2000, 2000), 1_000_000)).rejects.toBeInstanceOf(ImageRefusedError);
  }, 30_000);

  it('refuses a truncated image and bytes that only look like one', async () => {
    const whole = await png(400, 400);
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    await expect(checkRasterImage(truncated)).rejects.toEqual(new ImageRefusedError(imageRefusals.unreadable));
    const header = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200)]);
    await expect(checkRasterImage(header)).rejects.toEqual(new ImageRefusedError(imageRefusals.unreadable));
  });
});
