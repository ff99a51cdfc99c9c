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

  it('proposes nothing for an image without sensitive text', async () => {
    expect(await proposeRedactions(await screenshot(['Open the settings page', 'Click Save']))).toEqual([]);
  });
});
