import { dataUrlBytes, pngSize } from './png';

/** A 3×2 PNG's first bytes: signature and IHDR. */
const header = Buffer.from('89504e470d0a1a0a0000000d494844520000000300000002080600000000', 'hex');

describe('pngSize', () => {
  it('reads the size from the IHDR chunk', () => {
    expect(pngSize(new Uint8Array(header))).toEqual({ width: 3, height: 2 });
  });

  it('refuses what is not a PNG', () => {
    expect(pngSize(new Uint8Array(Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex')))).toBeNull();
    expect(pngSize(new Uint8Array(4))).toBeNull();
  });
});

describe('dataUrlBytes', () => {
  it('decodes a base64 data URL', () => {
    expect(Buffer.from(dataUrlBytes(`data:image/png;base64,${header.toString('base64')}`))).toEqual(header);
  });
});
