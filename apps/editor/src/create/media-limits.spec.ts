import { addPhotos, formatElapsed, MAX_PHOTOS, videoProblem } from './media-limits';

describe('formatElapsed', () => {
  it('shows minutes and zero-padded seconds', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(9.7)).toBe('0:09');
    expect(formatElapsed(75)).toBe('1:15');
    expect(formatElapsed(600)).toBe('10:00');
  });
});

describe('addPhotos', () => {
  it('keeps the order and stops at the limit, counting what did not fit', () => {
    const eight = Array.from({ length: 8 }, (_, index) => `p${index}`);
    expect(addPhotos(eight, ['a', 'b', 'c', 'd'])).toEqual({ photos: [...eight, 'a', 'b'], dropped: 2 });
    expect(addPhotos([], ['a'])).toEqual({ photos: ['a'], dropped: 0 });
    const full = Array.from({ length: MAX_PHOTOS }, (_, index) => index);
    expect(addPhotos(full, [99]).dropped).toBe(1);
  });
});

describe('videoProblem', () => {
  it('accepts MP4 and WebM up to 100MB', () => {
    expect(videoProblem({ type: 'video/mp4', size: 100 * 1024 * 1024 })).toBeNull();
    expect(videoProblem({ type: 'video/webm', size: 1 })).toBeNull();
    expect(videoProblem({ type: 'video/mp4', size: 100 * 1024 * 1024 + 1 })).toBe('Videos must be 100MB or smaller');
    expect(videoProblem({ type: 'video/quicktime', size: 1 })).toBe('Please choose an MP4 or WebM video');
  });
});
