import { forEachBounded, imageReadConcurrency } from './bounded';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('forEachBounded', () => {
  it('never runs more than the limit at once, and runs every item once', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await forEachBounded([5, 1, 4, 2, 3, 1, 2], 3, async (delay, index) => {
      running++;
      most = Math.max(most, running);
      await tick(delay);
      seen.push(index);
      running--;
    });
    expect(most).toBe(3);
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('runs one at a time, in order, with a limit of 1', async () => {
    const order: string[] = [];
    await forEachBounded(['a', 'b', 'c'], 1, async (item) => {
      order.push(`start ${item}`);
      await tick(1);
      order.push(`end ${item}`);
    });
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('raises the first failure after the running items settle and starts no more', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    const work = forEachBounded([0, 1, 2, 3, 4], 2, async (item) => {
      started.push(item);
      if (item === 0) {
        await tick(1);
        throw new Error('unreadable frame');
      }
      await tick(20);
      finished.push(item);
    });
    await expect(work).rejects.toThrow('unreadable frame');
    expect(finished).toEqual([1]);
    expect(started).toEqual([0, 1]);
  });

  it('does nothing for no items', async () => {
    await expect(forEachBounded([], 4, () => Promise.reject(new Error('never')))).resolves.toBeUndefined();
  });
});

describe('imageReadConcurrency', () => {
  it('shares the cores among the generations a worker runs at once', () => {
    expect(imageReadConcurrency(1, undefined, 2)).toBe(2);
    expect(imageReadConcurrency(2, undefined, 2)).toBe(1);
    expect(imageReadConcurrency(3, undefined, 8)).toBe(2);
    expect(imageReadConcurrency(4, undefined, 2)).toBe(1);
  });

  it('takes a configured figure as it is, at least one', () => {
    expect(imageReadConcurrency(1, 3, 2)).toBe(3);
    expect(imageReadConcurrency(1, 0, 2)).toBe(1);
  });
});
