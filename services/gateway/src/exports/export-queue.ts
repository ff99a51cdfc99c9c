import { exportJob, exportResultSchema, type ExportResult, type JobPayload } from '@sopwright/contracts';
import { ServiceError } from '@sopwright/server-kit';
import { Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';

/**
 * The gateway's side of the export queue: it enqueues a render and waits for whichever
 * export worker takes it. Jobs are removed once answered; the file itself is in storage.
 */
export class ExportQueue {
  private readonly queue: Queue;
  private readonly events: QueueEvents;

  constructor(
    redisUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.queue = new Queue(exportJob.queue, { connection: new Redis(redisUrl, { maxRetriesPerRequest: null }) });
    this.events = new QueueEvents(exportJob.queue, { connection: new Redis(redisUrl, { maxRetriesPerRequest: null }) });
  }

  async render(payload: JobPayload<typeof exportJob>): Promise<ExportResult> {
    const job = await this.queue.add(exportJob.name, exportJob.payload.parse(payload), {
      attempts: 2,
      backoff: { type: 'fixed', delay: 500 },
      removeOnComplete: true,
      removeOnFail: 100,
    });
    try {
      return exportResultSchema.parse(await job.waitUntilFinished(this.events, this.timeoutMs));
    } catch (error) {
      const timedOut = error instanceof Error && /timed out/i.test(error.message);
      throw new ServiceError(timedOut ? 'UNAVAILABLE' : 'INTERNAL', timedOut ? 'The export took too long' : 'The export failed');
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.queue.close(), this.events.close()]);
  }
}
