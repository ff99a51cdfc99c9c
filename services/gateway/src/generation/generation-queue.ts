import { generationJob, generationResultSchema, type GenerationJobStatus, type GenerationStage, type JobPayload } from '@sopwright/contracts';
import { JobQueue } from '@sopwright/server-kit';
import type { Job } from 'bullmq';

/** The queue's job id: scoped by owner, so one user's generation id can neither read nor collide with another's. */
export const generationJobId = (ownerId: string, generationId: string) => `${ownerId}_${generationId}`;

export const generationRetries = { attempts: 3, backoff: { type: 'exponential', delay: 2000 } } as const;

export { JobFailedError as GenerationFailedError, JobTimeoutError as GenerationTimeoutError } from '@sopwright/server-kit';

/**
 * The gateway's side of the generation queue: enqueue under the generation's id, find it
 * again by that id, wait for whichever worker runs it, and report its stage.
 */
export class GenerationQueue extends JobQueue<typeof generationJob, typeof generationResultSchema> {
  constructor(redisUrl: string) {
    super(generationJob, generationResultSchema, redisUrl);
  }

  /** Finished jobs are kept a day so a repeated generation id still answers with its SOP. */
  addGeneration(jobId: string, payload: JobPayload<typeof generationJob>): Promise<Job> {
    return this.add(payload, { jobId, ...generationRetries, removeOnComplete: { age: 24 * 3600 }, removeOnFail: { age: 24 * 3600 } });
  }

  async status(generationId: string, job: Job): Promise<GenerationJobStatus> {
    const state = await this.state(job);
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
}
