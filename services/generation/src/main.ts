import { ClientProxyFactory } from '@nestjs/microservices';
import { billingMessages, generationJob } from '@sopwright/contracts';
import { createLogger, redisTransport, RpcClient, runMain, startHealthServer } from '@sopwright/server-kit';
import { Worker } from 'bullmq';
import Redis from 'ioredis';
import { loadGenerationConfig } from './config';
import { generateSop } from './worker/generate-sop';

/**
 * A generation worker. Any number of copies share the queue; BullMQ gives each job to one
 * of them and hands a job whose worker died to another (its lock expires).
 */
runMain(async () => {
  const config = loadGenerationConfig();
  const logger = createLogger('generation', config.LOG_LEVEL);
  const services = new RpcClient(ClientProxyFactory.create(redisTransport(config.REDIS_URL)));
  const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });

  const worker = new Worker(
    generationJob.queue,
    (job) => generateSop(services, String(job.id), generationJob.payload.parse(job.data), (stage) => job.updateProgress({ stage })),
    { connection, concurrency: config.GENERATION_CONCURRENCY },
  );
  worker.on('failed', (job, error) => {
    logger.error(`generation ${job?.id} failed (attempt ${job?.attemptsMade}): ${error.message}`);
    // After the last attempt the held credit goes back; refunding is idempotent.
    if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
      const { reservationId } = generationJob.payload.parse(job.data);
      services.send(billingMessages.refundCredit, { reservationId }).catch((refundError: Error) => logger.error(`refund failed: ${refundError.message}`));
    }
  });
  worker.on('error', (error) => logger.error(`worker error: ${error.message}`));

  if (config.HEALTH_PORT !== undefined) {
    await startHealthServer(config.HEALTH_PORT, { redis: async () => void (await connection.ping()) });
  }
  const shutdown = async () => {
    await worker.close();
    await services.close();
    connection.disconnect();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  logger.log(`generation worker ready (concurrency ${config.GENERATION_CONCURRENCY})`);
});
