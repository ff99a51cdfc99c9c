import { generationJob, generationResultSchema, type GenerationJobStatus, type GenerationResult, type GenerationStage, type JobPayload } from '@sopwright/contracts';
import { Job, Queue, QueueEvents } from 'bullmq';
import Redis from 'ioredis';
import { isConnectionFault, ServiceError, withDeadline } from '@sopwright/server-kit';

/** The queue's job id: scoped by owner, so one user's generation id can neither read nor collide with another's. */
export const generationJobId = (ownerId: string, generationId: string) => `${ownerId}_${generationId}`;

/** Redis answers in milliseconds; while it is away ioredis would queue commands for ever. */
const queueDeadlineMs = 5000;

export const generationRetries = { attempts: 3, backoff: { type: 'exponential', delay: 2000 } } as const;

/** A generation that ended without an SOP; `message` is what the user reads. */
export class GenerationFailedError extends Error {}
export class GenerationTimeoutError extends Error {}

/**
 * The gateway's side of the generation queue: enqueue, find a generation again by its id,
 * and wait for whichever worker runs it. Waiting listens to queue events; it holds no worker.
 */
export class GenerationQueue {
  private readonly queue: Queue;
  private readonly events: QueueEvents;
  /** BullMQ never closes connections it was given: close() does. */
  private readonly connections: Redis[];

  constructor(redisUrl: string) {
    this.connections = [new Redis(redisUrl, { maxRetriesPerRequest: null }), new Redis(redisUrl, { maxRetriesPerRequest: null })];
    this.queue = new Queue(generationJob.queue, { connection: this.connections[0]! });
    this.events = new QueueEvents(generationJob.queue, { connection: this.connections[1]! });
  }

  async find(jobId: string): Promise<Job | undefined> {
    return (await withDeadline(this.queue.getJob(jobId), queueDeadlineMs, 'The generation queue')) ?? undefined;
  }

  /** Adds the job (a job already under this id is returned instead: BullMQ never adds an id twice). */
  async add(jobId: string, payload: JobPayload<typeof generationJob>): Promise<Job> {
    // Finished jobs are kept a day so a repeated generation id still answers with its SOP.
    const added = this.queue.add(generationJob.name, generationJob.payload.parse(payload), {
      jobId,
      ...generationRetries,
      removeOnComplete: { age: 24 * 3600 },
      removeOnFail: { age: 24 * 3600 },
    });
    return withDeadline(added, queueDeadlineMs, 'The generation queue');
  }

  async waitFor(job: Job, timeoutMs: number): Promise<GenerationResult> {
    try {
      return generationResultSchema.parse(await job.waitUntilFinished(this.events, timeoutMs));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (/timed out/i.test(message)) throw new GenerationTimeoutError(message);
      // Lost with the last second of a Redis that died, or Redis is away: its held credit is swept back.
      if (/Missing key for job/i.test(message) || isConnectionFault(error)) throw new ServiceError('UNAVAILABLE', message);
      throw new GenerationFailedError(message.replace(/^UnrecoverableError:\s*/, ''));
    }
  }

  async status(generationId: string, job: Job): Promise<GenerationJobStatus> {
    const state = await withDeadline(job.getState(), queueDeadlineMs, 'The generation queue');
    const progress = (typeof job.progress === 'object' && job.progress !== null ? job.progress : {}) as { stage?: GenerationStage; progress?: number };
    const result = state === 'completed' ? generationResultSchema.safeParse(job.returnvalue) : undefined;
    return {
      id: generationId,
      state: state === 'completed' ? 'completed' : state === 'failed' ? 'failed' : state === 'active' ? 'active' : 'queued',
      stage: progress.stage ?? null,
      progress: state === 'completed' ? 100 : Math.max(0, Math.min(100, progress.progress ?? 0)),
      ...(result?.success ? { sopId: result.data.sopId } : {}),
      ...(state === 'failed' && job.failedReason ? { error: job.failedReason } : {}),
      attempts: job.attemptsMade,
    };
  }

  async close(): Promise<void> {
    await Promise.all([this.queue.close(), this.events.close()]);
    for (const connection of this.connections) connection.disconnect();
  }
}
