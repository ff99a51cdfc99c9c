import { exportJob } from '@sopwright/contracts';
import { createLogger, createObjectStorage, runMain, startHealthServer } from '@sopwright/server-kit';
import { Worker } from 'bullmq';
import Redis from 'ioredis';
import { loadExportConfig } from './config';
import { PdfRenderer } from './render/pdf-renderer';
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
  const pdf = new PdfRenderer(config.CHROMIUM_PATH, config.EXPORT_CONCURRENCY, config.EXPORT_RENDER_TIMEOUT_MS);
  await pdf.start();
  const renderer = new ExportRenderer(storage, pdf);

  const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const worker = new Worker(
    exportJob.queue,
    async (job) => renderer.render(String(job.id), exportJob.payload.parse(job.data)),
    { connection, concurrency: config.EXPORT_CONCURRENCY },
  );
  worker.on('failed', (job, error) => logger.error(`export ${job?.id} failed: ${error.message}`));
  worker.on('error', (error) => logger.error(`worker error: ${error.message}`));

  if (config.HEALTH_PORT !== undefined) {
    await startHealthServer(config.HEALTH_PORT, {
      redis: async () => void (await connection.ping()),
      chromium: async () => {
        if (!pdf.isConnected) throw new Error('Chromium is not running');
      },
    });
  }

  const shutdown = async () => {
    await worker.close();
    await pdf.stop();
    connection.disconnect();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  logger.log(`export worker ready (concurrency ${config.EXPORT_CONCURRENCY})`);
});
