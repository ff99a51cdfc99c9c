import type { ExportDocument } from '@sopwright/contracts';
import type { ObjectStorage } from '@sopwright/server-kit';
import { ImageCache } from './image-cache';
import { loadDocument } from './loaded-document';

const bytes = (size: number, fill = 1) => Buffer.alloc(size, fill);

/** A read that answers when told to, counting calls. */
function deferredRead() {
  let resolve!: (value: Buffer) => void;
  let reject!: (error: Error) => void;
  const read = jest.fn(
    () =>
      new Promise<Buffer>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { read, resolve: (value: Buffer) => resolve(value), reject: (error: Error) => reject(error) };
}

describe('ImageCache', () => {
  it('reads an image once and answers the same bytes after that', async () => {
    const cache = new ImageCache(1000);
    const read = jest.fn(async () => bytes(100));
    const first = await cache.get('images/a/1.print.jpg', read);
    const second = await cache.get('images/a/1.print.jpg', read);
    expect(second).toBe(first);
    expect(read).toHaveBeenCalledTimes(1);
    expect([cache.size, cache.bytes]).toEqual([1, 100]);
  });

  it('keeps images apart by key', async () => {
    const cache = new ImageCache(1000);
    expect(await cache.get('images/a/1.jpg', async () => bytes(10, 1))).toEqual(bytes(10, 1));
    expect(await cache.get('images/a/2.jpg', async () => bytes(10, 2))).toEqual(bytes(10, 2));
    expect(await cache.get('images/b/1.jpg', async () => bytes(10, 3))).toEqual(bytes(10, 3));
    expect(await cache.get('images/a/1.jpg', async () => bytes(10, 9))).toEqual(bytes(10, 1));
  });

  it('holds at most maxBytes, dropping the least recently used first', async () => {
    const cache = new ImageCache(300);
    const read = jest.fn(async () => bytes(100));
    for (const key of ['a', 'b', 'c']) await cache.get(key, read);
    await cache.get('a', read); // now b is the least recently used
    await cache.get('d', read);
    expect([cache.size, cache.bytes]).toEqual([3, 300]);
    expect(read).toHaveBeenCalledTimes(4);
    await cache.get('a', read);
    await cache.get('c', read);
    await cache.get('d', read);
    expect(read).toHaveBeenCalledTimes(4);
    await cache.get('b', read); // dropped: read again
    expect(read).toHaveBeenCalledTimes(5);
    expect(cache.bytes).toBeLessThanOrEqual(300);
  });

  it('drops as many images as a large one needs, and never keeps one larger than the bound', async () => {
    const cache = new ImageCache(300);
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => bytes(100));
    await cache.get('big', async () => bytes(250));
    expect([cache.size, cache.bytes]).toEqual([1, 250]);
    const huge = jest.fn(async () => bytes(301));
    expect((await cache.get('huge', huge)).length).toBe(301);
    expect((await cache.get('huge', huge)).length).toBe(301);
    expect(huge).toHaveBeenCalledTimes(2);
    expect([cache.size, cache.bytes]).toEqual([1, 250]);
  });

  it('shares one read between exports asking for the same image at once', async () => {
    const cache = new ImageCache(1000);
    const { read, resolve } = deferredRead();
    const waiting = [cache.get('k', read), cache.get('k', read), cache.get('k', read)];
    await Promise.resolve();
    expect(read).toHaveBeenCalledTimes(1);
    resolve(bytes(10));
    const [a, b, c] = await Promise.all(waiting);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(await cache.get('k', read)).toBe(a);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('keeps no failed read: every export waiting on it fails, and the next one reads again', async () => {
    const cache = new ImageCache(1000);
    const { read, reject } = deferredRead();
    const waiting = [cache.get('k', read), cache.get('k', read)];
    await Promise.resolve();
    reject(new Error('The specified key does not exist.'));
    await expect(waiting[0]).rejects.toThrow('does not exist');
    await expect(waiting[1]).rejects.toThrow('does not exist');
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
    expect(await cache.get('k', async () => bytes(5))).toEqual(bytes(5));
  });

  it('keeps no read that throws at once', async () => {
    const cache = new ImageCache(1000);
    const throwing = () => {
      throw new Error('no storage');
    };
    await expect(cache.get('k', throwing)).rejects.toThrow('no storage');
    expect(await cache.get('k', async () => bytes(5))).toEqual(bytes(5));
  });

  it('reads every time with a bound of 0, as without a cache', async () => {
    const cache = new ImageCache(0);
    const read = jest.fn(async () => bytes(1));
    await cache.get('k', read);
    await cache.get('k', read);
    await Promise.all([cache.get('k', read), cache.get('k', read)]);
    expect(read).toHaveBeenCalledTimes(4);
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });

  it('reports hits and misses', async () => {
    const hit = jest.fn();
    const miss = jest.fn();
    const cache = new ImageCache(1000, { hit, miss });
    const { read, resolve } = deferredRead();
    const both = Promise.all([cache.get('k', read), cache.get('k', read)]);
    await Promise.resolve();
    resolve(bytes(1));
    await both;
    await cache.get('k', read);
    expect([miss.mock.calls.length, hit.mock.calls.length]).toEqual([1, 2]);
  });

  it('refuses a bound that is not a whole number of bytes', () => {
    expect(() => new ImageCache(-1)).toThrow(RangeError);
    expect(() => new ImageCache(1.5)).toThrow(RangeError);
  });

  it.each([
    ['holds them all', 1_000_000],
    ['must drop some', 3_000],
  ])('answers every export the right bytes under many concurrent exports of overlapping images when it %s', async (_case, maxBytes) => {
    const cache = new ImageCache(maxBytes);
    const expected = (key: number) => bytes(100 + (key % 7) * 50, key);
    const reads = new Map<number, number>();
    const read = (key: number) => async () => {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      return expected(key);
    };
    await Promise.all(
      Array.from({ length: 400 }, async (_, i) => {
        const key = i % 40;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        expect(await cache.get(`images/owner/${key}.jpg`, read(key))).toEqual(expected(key));
        expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
      }),
    );
    if (maxBytes === 1_000_000) expect([...reads.values()]).toEqual(Array(40).fill(1));
    else expect(Math.max(...reads.values())).toBeLessThanOrEqual(10);
    expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
  });
});

describe('loadDocument with an image cache', () => {
  const owner = '11111111-1111-4111-8111-111111111111';
  const other = '22222222-2222-4222-8222-222222222222';
  const document = (keys: string[]): ExportDocument => ({
    title: 'Open the store',
    sourceType: 'text',
    createdAt: '2026-03-04T10:00:00.000Z',
    companyName: null,
    companyLogo: null,
    steps: keys.map((objectKey, index) => ({ title: `Step ${index + 1}`, details: '', images: [{ objectKey, contentType: 'image/jpeg', url: `/api/media/images/${index}` }] })),
  });
  const storageWith = (objects: Record<string, Buffer>) => {
    const read = jest.fn(async (key: string) => {
      const found = objects[key];
      if (!found) throw new Error(`The specified key does not exist: ${key}`);
      return found;
    });
    return { storage: { read } as unknown as ObjectStorage, read };
  };

  it('reads each image from storage once across exports, with the same result as without the cache', async () => {
    const key = `images/${owner}/a.print.jpg`;
    const { storage, read } = storageWith({ [key]: bytes(20, 7) });
    const cache = new ImageCache(1000);
    const uncached = await loadDocument(storage, owner, document([key, key]));
    const first = await loadDocument(storage, owner, document([key, key]), cache);
    const second = await loadDocument(storage, owner, document([key]), cache);
    expect(first).toEqual(uncached);
    expect(second.steps[0]!.images[0]).toEqual(uncached.steps[0]!.images[0]);
    expect(read).toHaveBeenCalledTimes(2 + 1); // twice without the cache, once with it
  });

  it('refuses another owner’s image even when the cache holds it', async () => {
    const key = `images/${other}/a.print.jpg`;
    const { storage, read } = storageWith({ [key]: bytes(20) });
    const cache = new ImageCache(1000);
    await loadDocument(storage, other, document([key]), cache);
    await expect(loadDocument(storage, owner, document([key]), cache)).rejects.toThrow('An export may only embed its owner’s images');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('fails an export whose image cannot be read, as without the cache, and caches nothing for it', async () => {
    const key = `images/${owner}/gone.print.jpg`;
    const { storage, read } = storageWith({});
    const cache = new ImageCache(1000);
    await expect(loadDocument(storage, owner, document([key]), cache)).rejects.toThrow('does not exist');
    await expect(loadDocument(storage, owner, document([key]), cache)).rejects.toThrow('does not exist');
    expect(read).toHaveBeenCalledTimes(2);
    expect(cache.size).toBe(0);
  });
});
