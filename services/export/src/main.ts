import './tracing';
import { exportJob } from '@sopwright/contracts';
import { createLogger, createObjectStorage, runMain, runWorker } from '@sopwright/server-kit';
import { loadExportConfig } from './config';
import { ImageCache } from './render/image-cache';
import { PdfRenderer } from './render/pdf-renderer';
import { imageCacheObserver, pagePoolObserver, timedExport, watchImageCache, watchPagePool } from './worker/export-metrics';
import { ExportRenderer } from './worker/export-renderer';

/**
 * An export worker: takes render jobs from the shared BullMQ queue. Any number of copies
 * can run; each job goes to exactly one of them.
 */
runMain(async () => {
  const config = loadExportConfig();
  const logger = createLogger('export', config.LOG_LEVEL);
  const storage = createObjectStorage(config);
  await storage.ensureBucket();
  const pdf = new PdfRenderer(config.CHROMIUM_PATH, config.EXPORT_CONCURRENCY, config.EXPORT_RENDER_TIMEOUT_MS, pagePoolObserver);
  await pdf.start();
  watchPagePool(pdf);
  const images = new ImageCache(config.EXPORT_IMAGE_CACHE_MB * 1024 * 1024, imageCacheObserver);
  watchImageCache(images);
  const renderer = new ExportRenderer(storage, pdf, images);

  const worker = await runWorker({
    name: 'export',
    job: exportJob,
    redisUrl: config.REDIS_URL,
    logger,
    process: (payload, job) => timedExport(payload.format, () => renderer.render(String(job.id), payload)),
    options: { concurrency: config.EXPORT_CONCURRENCY },
    healthPort: config.HEALTH_PORT,
    checks: {
      chromium: async () => {
        if (!pdf.isConnected) throw new Error('Chromium is not running');
      },
    },
    onShutdown: () => pdf.stop(),
  });
  worker.on('failed', (job, error) => logger.error(`export ${job?.id} failed: ${error.message}`));
  logger.log(`export worker ready (concurrency ${config.EXPORT_CONCURRENCY}, image cache ${config.EXPORT_IMAGE_CACHE_MB} MB)`);
});
