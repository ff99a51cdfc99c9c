import './tracing';
import { billingMessages, generationJob } from '@sopwright/contracts';
import { CreditSettlements, createLogger, createObjectStorage, createRpcClient, runMain, runWorker } from '@sopwright/server-kit';
import { UnrecoverableError } from 'bullmq';
import { basename } from 'node:path';
import { loadGenerationConfig } from './config';
import { createProviders } from './providers/provider-factory';
import { imageReadConcurrency } from './worker/bounded';
import { generateSop, uploadedKeys } from './worker/generate-sop';
import { GenerationError, genericFailure } from './worker/generation-error';
import { StageTimer } from './worker/stage-metrics';

/**
 * A generation worker. Any number of copies share the queue; BullMQ gives each job to one
 * of them and hands a job whose worker died to another (its lock expires).
 */
runMain(async () => {
  const config = loadGenerationConfig();
  const logger = createLogger('generation', config.LOG_LEVEL);
  const services = createRpcClient(config.REDIS_URL);
  const settlements = new CreditSettlements(config.REDIS_URL);
  const storage = createObjectStorage(config);
  const providers = createProviders(config, logger);
  const deps = {
    services,
    settlements,
    storage,
    providers,
    tools: { ffmpeg: config.FFMPEG_BIN, ffprobe: config.FFPROBE_BIN },
    workRoot: config.GENERATION_WORK_DIR,
    maxKeyframes: config.GENERATION_MAX_KEYFRAMES,
    sceneThreshold: config.GENERATION_SCENE_THRESHOLD,
    imageReadConcurrency: imageReadConcurrency(config.GENERATION_CONCURRENCY, config.GENERATION_OCR_CONCURRENCY),
  };

  const refundNow = async (reservationId: string) => {
    try {
      await services.send(billingMessages.refundCredit, { reservationId }, { timeoutMs: 5000 });
    } catch {
      await settlements.settle(reservationId, 'refund').catch((error: Error) => logger.error(`refund of ${reservationId} not queued: ${error.message}`));
    }
  };

  const worker = await runWorker({
    name: 'generation',
    job: generationJob,
    redisUrl: config.REDIS_URL,
    logger,
    process: async (payload, job) => {
      const stages = new StageTimer(payload.source.kind);
      try {
        const result = await generateSop({ ...deps, providers: stages.timed(deps.providers) }, String(job.id), payload, (stage, progress) => {
          stages.enter(stage);
          return job.updateProgress({ stage, progress });
        });
        stages.finish('ok');
        return result;
      } catch (error) {
        stages.finish('failed');
        // The user's own media problems are final and worded for them; other faults are retried with backoff, then reported plainly.
        const final = error instanceof GenerationError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        if (!(error instanceof GenerationError)) logger.error(`generation ${job.id} attempt ${job.attemptsMade + 1}: ${(error as Error).stack ?? String(error)}`);
        // The credit goes back before the user reads the failure; the queue is the durable path if billing is away.
        if (final) await refundNow(payload.reservationId);
        if (error instanceof GenerationError) throw new UnrecoverableError(error.message);
        if (final) throw new Error(genericFailure);
        throw error;
      }
    },
    // Long media: a long lock, renewed while the job runs, so a busy worker keeps its job and a dead one loses it.
    options: {
      concurrency: config.GENERATION_CONCURRENCY,
      lockDuration: config.GENERATION_LOCK_MS,
      stalledInterval: Math.min(30_000, config.GENERATION_LOCK_MS),
    },
    healthPort: config.HEALTH_PORT,
    onShutdown: async () => {
      await services.close();
      await settlements.close();
    },
  });
  worker.on('failed', (job, error) => {
    if (!job) return;
    const final = error instanceof UnrecoverableError || error.name === 'UnrecoverableError' || job.attemptsMade >= (job.opts.attempts ?? 1);
    logger.warn(`generation ${job.id} failed (attempt ${job.attemptsMade}${final ? ', final' : ''}): ${error.message}`);
    // After the last attempt the held credit goes back; refunding is idempotent.
    if (final) {
      const { reservationId, source } = generationJob.payload.parse(job.data);
      // Also queued (idempotent): the net for failures the processor never saw (a stalled job) or could not refund.
      settlements.settle(reservationId, 'refund').catch((refundError: Error) => logger.error(`refund of ${reservationId} not queued: ${refundError.message}`));
      // The uploads are of no further use; success removes them in the pipeline.
      for (const key of uploadedKeys(source)) storage.remove(key).catch(() => undefined);
    }
  });
  // Which model the offline recogniser listens with shows whether the listening model was built.
  const listening = config.TRANSCRIBER === 'offline' ? ` (language model ${basename(config.POCKETSPHINX_LM) || 'pocketsphinx en-us'}, warp ${config.POCKETSPHINX_WARP})` : '';
  logger.log(`generation worker ready (concurrency ${config.GENERATION_CONCURRENCY}, ${deps.imageReadConcurrency} images read at once; structurer ${providers.structurer.name}, transcriber ${providers.transcriber.name}${listening}, images ${providers.imageReader.name})`);
});
