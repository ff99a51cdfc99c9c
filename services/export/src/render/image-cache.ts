/** What the cache reports as it works (metrics). */
export interface ImageCacheObserver {
  /** An image came from the cache (or from a read another export had already started). */
  hit?(): void;
  /** An image was read from object storage. */
  miss?(): void;
}

/**
 * The bytes of images exports embed, by object key, in this process: at most `maxBytes` of
 * them (the images' own bytes), the least recently used dropped first. 0 turns it off, and
 * every image is read from storage each time, as before.
 *
 * Caching by key is sound because an image's object never changes once an export can name
 * it: media files every image under a new id (`images/<owner>/<id>.<ext>` and
 * `<id>.print.jpg`; an id is random, or derived from a generation job's frame or from an
 * original and an edit layer, whose bytes are the same each time), never overwrites or
 * deletes one, and the gateway names only images media resolved for the export's owner.
 * The owner is part of the key, and exports check it before asking the cache.
 *
 * Two exports wanting the same image while it is being read share that one read. A read
 * that fails is not kept: the next export reads again. The buffers are shared between
 * exports and must not be changed.
 */
export class ImageCache {
  /** Cached bytes in recency order: the first is the least recently used. */
  private readonly entries = new Map<string, Buffer>();
  private readonly reading = new Map<string, Promise<Buffer>>();
  private held = 0;

  constructor(
    readonly maxBytes: number,
    private readonly observer: ImageCacheObserver = {},
  ) {
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new RangeError(`maxBytes must be a whole number of bytes, 0 or more (got ${maxBytes})`);
  }

  /** Bytes of images held now (at most maxBytes). */
  get bytes(): number {
    return this.held;
  }

  /** Images held now. */
  get size(): number {
    return this.entries.size;
  }

  /** The image under `key`: from the cache, else from `read` (kept when it fits). */
  get(key: string, read: () => Promise<Buffer>): Promise<Buffer> {
    if (this.maxBytes === 0) {
      this.observer.miss?.();
      return read();
    }
    const cached = this.entries.get(key);
    if (cached) {
      this.entries.delete(key);
      this.entries.set(key, cached);
      this.observer.hit?.();
      return Promise.resolve(cached);
    }
    const pending = this.reading.get(key);
    if (pending) {
      this.observer.hit?.();
      return pending;
    }
    this.observer.miss?.();
    // Started on a later tick, so even a read that throws at once is deleted after it is set.
    const reading = Promise.resolve()
      .then(read)
      .then((bytes) => {
        this.keep(key, bytes);
        return bytes;
      })
      .finally(() => this.reading.delete(key));
    this.reading.set(key, reading);
    return reading;
  }

  private keep(key: string, bytes: Buffer): void {
    if (bytes.length > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.held -= previous.length;
    }
    this.entries.set(key, bytes);
    this.held += bytes.length;
    for (const [oldest, oldBytes] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= oldBytes.length;
    }
  }
}
