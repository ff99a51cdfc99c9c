import sharp from 'sharp';
import { proposeRedactions } from './redaction-proposals';

/** A screenshot-like image: dark text on white, one value per line, at known heights. */
async function screenshot(lines: string[]): Promise<Buffer> {
  const text = lines.map((line, i) => `<text x="40" y="${60 + i * 60}" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#111">${line}</text>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="${60 * lines.length + 40}"><rect width="100%" height="100%" fill="#fff"/>${text}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('proposeRedactions (tesseract)', () => {
  jest.setTimeout(30_000);

  it('proposes a blur over the email and the card number and none over ordinary text', async () => {
    const height = 60 * 3 + 40;
    const shapes = await proposeRedactions(await screenshot(['Customer: ann.lee@example.com', 'Order total 42.50 EUR', 'Card 4111 1111 1111 1111']));
    const reasons = shapes.map((shape) => (shape.kind === 'redaction' ? shape.reason : shape.kind)).sort();
    expect(reasons).toEqual(['card', 'email']);
    for (const shape of shapes) {
      if (shape.kind !== 'redaction') throw new Error('only redactions are proposed');
      expect(shape).toMatchObject({ style: 'blur', origin: 'auto' });
      const middle = (shape.rect.y + shape.rect.height / 2) * height;
      // The email is on the first line (baseline 60), the card on the third (baseline 180).
      expect(Math.abs(middle - (shape.reason === 'email' ? 50 : 170))).toBeLessThan(20);
      expect(shape.rect.x + shape.rect.width).toBeLessThanOrEqual(1);
    }
  });

  it('reads a photo stored sideways upright: the boxes are where the upright photo shows the values', async () => {
    const upright = await screenshot(['Return the parcel', 'Email ann.lee@example.com']);
    const sideways = await sharp(upright).rotate(270).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    const [shape, ...rest] = await proposeRedactions(sideways);
    expect(rest).toEqual([]);
    if (shape?.kind !== 'redaction') throw new Error('one redaction expected');
    expect(shape.reason).toBe('email');
    // The second line (baseline 120) of a 1000 x 160 upright image.
    expect(Math.abs((shape.rect.y + shape.rect.height / 2) * 160 - 110)).toBeLessThan(20);
    expect(shape.rect.width).toBeGreaterThan(0.3);
  });

  it('finds a key in a side panel beside a table row (screens are read as sparse text)', async () => {
    const cell = (x: number, y: number, text: string, size = 16) => `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${size}" fill="#111">${text}</text>`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="300"><rect width="100%" height="100%" fill="#fff"/>
      ${cell(40, 60, 'Name')}${cell(220, 60, 'Email')}${cell(900, 60, 'API key')}
      ${cell(40, 110, 'Ann Lee')}${cell(220, 110, 'ann.lee@example.com')}${cell(510, 110, 'Active')}${cell(900, 100, 'sk-live-7Hq2Zp9XwT4mB8nR3vK6yE5s', 14)}
      ${cell(40, 150, 'Bram de Vries')}${cell(220, 150, 'bram@devries.nl')}${cell(510, 150, 'Trial')}</svg>`;
    const shapes = await proposeRedactions(await sharp(Buffer.from(svg)).png().toBuffer());
    expect(shapes.map((shape) => (shape.kind === 'redaction' ? shape.reason : shape.kind)).sort()).toEqual(['email', 'email', 'secret']);
  });

  it('proposes nothing for an image without sensitive text', async () => {
    expect(await proposeRedactions(await screenshot(['Open the settings page', 'Click Save']))).toEqual([]);
  });
});
