import { z } from 'zod';
import { generationStages } from '../queues/generation.job';

export { generationIdHeader, redactField } from '../constants';

export const generationJobStates = ['queued', 'active', 'completed', 'failed'] as const;
export const generationJobStateSchema = z.enum(generationJobStates);
export type GenerationJobState = z.infer<typeof generationJobStateSchema>;

/** GET /api/jobs/:id — owner only; anyone else's id (or an unknown one) is 404. */
export const generationJobStatusSchema = z.object({
  id: z.string().uuid(),
  state: generationJobStateSchema,
  /** The stage running now (or the last one reached); null before a worker picks it up. */
  stage: z.enum(generationStages).nullable(),
  /** 0–100, rising through the stages. */
  progress: z.number().min(0).max(100),
  /** Set once completed. */
  sopId: z.string().uuid().optional(),
  /** Set once failed: what the user should read. */
  error: z.string().optional(),
  /** Attempts made so far (transient faults are retried with backoff). */
  attempts: z.number().int().nonnegative(),
});
export type GenerationJobStatus = z.infer<typeof generationJobStatusSchema>;
