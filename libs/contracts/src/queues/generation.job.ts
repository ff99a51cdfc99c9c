import { z } from 'zod';
import { defineJob } from './define-job';

/** What a generation starts from. Media sources (recordings, photos, video) carry storage keys. */
export const generationSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string().min(1).max(100_000) }),
]);
export type GenerationSource = z.infer<typeof generationSourceSchema>;

export const generationStages = ['upload', 'media-processing', 'transcription', 'image-analysis', 'structuring', 'saving'] as const;
export type GenerationStage = (typeof generationStages)[number];

export const generationJob = defineJob(
  'generation',
  'generate',
  z.object({
    ownerId: z.string().uuid(),
    /** Blank means the pipeline derives a title. */
    title: z.string().max(300),
    source: generationSourceSchema,
    /** The credit held for this generation: committed on success, refunded on final failure. */
    reservationId: z.string().uuid(),
  }),
);

export const generationResultSchema = z.object({ sopId: z.string().uuid() });
export type GenerationResult = z.infer<typeof generationResultSchema>;
