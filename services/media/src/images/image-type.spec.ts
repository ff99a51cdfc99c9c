import { detectImageType } from './image-type';

const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);

describe('detectImageType', () => {
  it('recognises JPEG, PNG and WebP from their bytes', async () => {
    expect(await detectImageType(png)).toEqual({ contentType: 'image/png', extension: 'png' });
    expect(await detectImageType(jpeg)).toEqual({ contentType: 'image/jpeg', extension: 'jpg' });
    expect(await detectImageType(webp)).toEqual({ contentType: 'image/webp', extension: 'webp' });
  });

  it('recognises SVG documents, with a prolog, comments or a doctype first', async () => {
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>',
    ]) {
      expect(await detectImageType(Buffer.from(svg))).toEqual({ contentType: 'image/svg+xml', extension: 'svg' });
    }
  });

  it('refuses other content whatever it claims to be', async () => {
    expect(await detectImageType(Buffer.from('GIF89a......'))).toBeNull();
    expect(await detectImageType(Buffer.from('%PDF-1.7 fake.png'))).toBeNull();
    expect(await detectImageType(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(await detectImageType(Buffer.from('MZ\x90\x00 an executable'))).toBeNull();
  });
});
