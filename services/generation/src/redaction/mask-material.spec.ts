import { maskMaterial, maskSop } from './mask-material';

describe('maskMaterial', () => {
  it('masks the title, text, timed words and image readings, keeping everything else', () => {
    const masked = maskMaterial({
      origin: 'photos' as const,
      title: 'Refund ann.lee@example.com',
      text: 'Email the receipt to ann.lee@example.com.',
      words: ['card', '4111', '1111', '1111', '1111', 'now'].map((word, i) => ({ word, startSec: i, endSec: i + 0.5 })),
      images: [{ index: 0, path: '/tmp/a.png', reading: { text: 'Key sk-live-9fQ2xT7bLm4Kp8Rz3Wv6Yd1N', description: 'Call +44 20 7946 0958' } }, { index: 1, path: '/tmp/b.png' }],
    });
    expect(masked.title).toBe('Refund [email]');
    expect(masked.text).toBe('Email the receipt to [email].');
    expect(masked.words.map((word) => [word.word, word.startSec])).toEqual([
      ['card', 0],
      ['[card]', 1],
      ['now', 5],
    ]);
    expect(masked.images).toEqual([
      { index: 0, path: '/tmp/a.png', reading: { text: 'Key [secret]', description: 'Call [phone]' } },
      { index: 1, path: '/tmp/b.png' },
    ]);
  });
});

describe('maskSop', () => {
  it('masks a value left in the structured title or steps', () => {
    const sop = maskSop({ title: 'Write to ann@example.com', steps: [{ title: 'Pay with 4111 1111 1111 1111', details: 'Then stop.', imageIndexes: [0], startSec: 2 }] });
    expect(sop).toEqual({ title: 'Write to [email]', steps: [{ title: 'Pay with [card]', details: 'Then stop.', imageIndexes: [0], startSec: 2 }] });
  });
});
