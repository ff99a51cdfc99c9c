import { exportFormats } from '@sopwright/contracts';
import { counter, gauge, histogram, oneOf, secondsSince, workBuckets } from '@sopwright/server-kit';
import type { ImageCache, ImageCacheObserver } from '../render/image-cache';
import type { PagePoolObserver, PdfRenderer } from '../render/pdf-renderer';

export const exportDuration = histogram({
  name: 'sopwright_export_duration_seconds',
  help: 'Time one export took in the worker (document loaded, rendered, stored), by format and outcome (ok, failed).',
  labelNames: ['format', 'outcome'] as const,
  buckets: workBuckets,
});

const pageWait = histogram({
  name: 'sopwright_export_page_wait_seconds',
  help: 'Time a PDF render waited for a free Chromium page of the pool (0 when one was idle).',
  buckets: [0, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
});

const pagesReplaced = counter({
  name: 'sopwright_export_pages_replaced_total',
  help: 'Chromium pages closed after a failed render and replaced by a new one.',
});

const imageLookups = counter({
  name: 'sopwright_export_image_cache_lookups_total',
  help: 'Images exports embedded, by where their bytes came from: hit (the worker\'s image cache, or a read another export had started) or miss (read from object storage).',
  labelNames: ['outcome'] as const,
});

/** Times `render` by the export's format; formats outside the contract's list are `other`. */
export async function timedExport<T>(format: string, render: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const labels = { format: oneOf(format, exportFormats) };
  try {
    const result = await render();
    exportDuration.observe({ ...labels, outcome: 'ok' }, secondsSince(started));
    return result;
  } catch (error) {
    exportDuration.observe({ ...labels, outcome: 'failed' }, secondsSince(started));
    throw error;
  }
}

export const pagePoolObserver: PagePoolObserver = {
  pageWaited: (seconds) => pageWait.observe(seconds),
  pageReplaced: () => pagesReplaced.inc(),
};

export const imageCacheObserver: ImageCacheObserver = {
  hit: () => imageLookups.inc({ outcome: 'hit' }),
  miss: () => imageLookups.inc({ outcome: 'miss' }),
};

/** A gauge read from `read()` at scrape time. */
function sampled(name: string, help: string, read: () => number): void {
  gauge({
    name,
    help,
    collect() {
      this.set(read());
    },
  });
}

/** The pool's size, open and idle pages and waiting renders, sampled at scrape time. */
export function watchPagePool(pdf: PdfRenderer): void {
  sampled('sopwright_export_page_pool_size', 'Chromium pages the PDF pool is configured with (EXPORT_CONCURRENCY).', () => pdf.size);
  sampled('sopwright_export_page_pool_open', 'Chromium pages open in the PDF pool (idle or rendering); below the size when a failed page could not be replaced.', () => pdf.openPages);
  sampled('sopwright_export_page_pool_idle', 'Chromium pages of the PDF pool free right now.', () => pdf.idlePages);
  sampled('sopwright_export_page_pool_waiting', 'PDF renders waiting for a free Chromium page right now.', () => pdf.waitingRenders);
}

/** The image cache's bytes held and images held, sampled at scrape time. */
export function watchImageCache(cache: ImageCache): void {
  sampled('sopwright_export_image_cache_bytes', 'Bytes of images the export worker keeps in memory (at most EXPORT_IMAGE_CACHE_MB).', () => cache.bytes);
  sampled('sopwright_export_image_cache_images', 'Images the export worker keeps in memory.', () => cache.size);
}
