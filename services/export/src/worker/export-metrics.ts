import { exportFormats } from '@sopwright/contracts';
import { counter, gauge, histogram, oneOf, secondsSince, workBuckets } from '@sopwright/server-kit';
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
