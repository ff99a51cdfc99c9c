import { areasToRedact, limitAreas, redactionAreas, type RedactionArea } from './areas';
import type { OcrWord } from './ocr-boxes';

const area = (x: number, y: number, width = 0.1, height = 0.02, kind: RedactionArea['kind'] = 'ip'): RedactionArea => ({ kind, rect: { x, y, width, height } });
/** A rect compared to 12 decimals: fractions carry floating-point noise. */
const near = (x: number, y: number, width: number, height: number) => ({ x: expect.closeTo(x, 12), y: expect.closeTo(y, 12), width: expect.closeTo(width, 12), height: expect.closeTo(height, 12) });
const covers = (outer: RedactionArea['rect'], inner: RedactionArea['rect']) =>
  outer.x <= inner.x + 1e-12 && outer.y <= inner.y + 1e-12 && outer.x + outer.width >= inner.x + inner.width - 1e-12 && outer.y + outer.height >= inner.y + inner.height - 1e-12;

describe('redactionAreas', () => {
  it('turns pixel boxes into fractions of the image, one area per box', () => {
    const proposals = [
      { kind: 'card' as const, value: '4111 1111 1111 1111', boxes: [{ left: 100, top: 50, width: 200, height: 20 }] },
      { kind: 'secret' as const, value: 'x', boxes: [{ left: 0, top: 0, width: 10, height: 10 }, { left: 0, top: 10, width: 10, height: 10 }] },
    ];
    expect(redactionAreas(proposals, 1000, 500)).toEqual([
      { kind: 'card', rect: near(0.1, 0.1, 0.2, 0.04) },
      { kind: 'secret', rect: near(0, 0, 0.01, 0.02) },
      { kind: 'secret', rect: near(0, 0.02, 0.01, 0.02) },
    ]);
  });

  it('keeps every area inside the image and never empty', () => {
    const [clipped, flat] = redactionAreas([{ kind: 'email', value: 'a@b.co', boxes: [{ left: 950, top: 490, width: 100, height: 30 }, { left: 10, top: 10, width: 0, height: 0 }] }], 1000, 500);
    expect(clipped!.rect.x + clipped!.rect.width).toBeCloseTo(1, 12);
    expect(clipped!.rect.y + clipped!.rect.height).toBeCloseTo(1, 12);
    expect(flat!.rect.width).toBeGreaterThan(0);
    expect(flat!.rect.height).toBeGreaterThan(0);
  });
});

describe('limitAreas', () => {
  it('leaves areas alone when there are few enough', () => {
    const areas = [area(0.5, 0.1), area(0.1, 0.1), area(0.1, 0.5)];
    expect(limitAreas(areas, 3)).toHaveLength(3);
  });

  it('merges neighbours until at most max areas remain, every original area still covered', () => {
    // 300 addresses of a log, ten per row: far more than an edit layer may hold.
    const areas = Array.from({ length: 300 }, (_, i) => area((i % 10) * 0.1, Math.floor(i / 10) * 0.033, 0.08, 0.02));
    const limited = limitAreas(areas, 100);
    expect(limited.length).toBeLessThanOrEqual(100);
    for (const original of areas) expect(limited.some((merged) => covers(merged.rect, original.rect))).toBe(true);
    // Merging is frugal: together the areas cover well under the whole image.
    expect(limited.reduce((sum, merged) => sum + merged.rect.width * merged.rect.height, 0)).toBeLessThan(0.9);
  });

  it('prefers merging the boxes on one line to joining distant lines', () => {
    const limited = limitAreas([area(0.1, 0.1, 0.1, 0.02, 'card'), area(0.25, 0.1, 0.1, 0.02, 'card'), area(0.1, 0.8, 0.3, 0.02, 'email')], 2);
    expect(limited).toEqual([
      { kind: 'card', rect: near(0.1, 0.1, 0.25, 0.02) },
      { kind: 'email', rect: near(0.1, 0.8, 0.3, 0.02) },
    ]);
  });
});

describe('areasToRedact', () => {
  /** Words of one line, 10 px per character, as tesseract boxes them on an image read at `scale`. */
  const line = (text: string, top: number, scale: number): OcrWord[] => {
    let left = 20 * scale;
    return text.split(' ').map((word) => {
      const box = { text: word, left, top: top * scale, width: word.length * 10 * scale, height: 20 * scale };
      left += box.width + 12 * scale;
      return box;
    });
  };

  it('pads boxes by 3 px of the original whatever the scale OCR read at, so both readings give the same areas', () => {
    const once = areasToRedact(line('Email: ann@example.com', 100, 1), { width: 1000, height: 500 });
    const twice = areasToRedact(line('Email: ann@example.com', 100, 2), { width: 2000, height: 1000, scale: 2 });
    expect(once).toEqual([{ kind: 'email', rect: near((92 - 3) / 1000, (100 - 3) / 500, 156 / 1000, 26 / 500) }]);
    expect(twice).toHaveLength(1);
    for (const key of ['x', 'y', 'width', 'height'] as const) expect(twice[0]!.rect[key]).toBeCloseTo(once[0]!.rect[key], 12);
  });

  it('gives at most max areas', () => {
    const words = Array.from({ length: 40 }, (_, row) => line(`host 10.0.${row}.1 and 10.1.${row}.2`, 10 + row * 24, 1)).flat();
    expect(areasToRedact(words, { width: 1000, height: 1000 })).toHaveLength(80);
    expect(areasToRedact(words, { width: 1000, height: 1000 }, 25).length).toBeLessThanOrEqual(25);
  });
});
