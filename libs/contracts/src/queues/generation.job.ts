import { z } from 'zod';
import { CAPTURE_MAX_SCREENSHOTS } from '../capture';
import { defineJob } from './define-job';

/** What a generation starts from. Media sources (recordings, photos, video) carry storage keys. */
/** A file the gateway stored (under `incoming/`), with the type its bytes were found to be. */
export const storedUploadSchema = z.object({
  key: z.string().startsWith('incoming/').max(200),
  mimeType: z.string().max(100),
});
export type StoredUpload = z.infer<typeof storedUploadSchema>;

export const generationSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string().min(1).max(100_000) }),
  /** A video file, or a screen recording (browser webm) made on the create page. */
  z.object({ kind: z.literal('video'), video: storedUploadSchema }),
  z.object({ kind: z.literal('screen-recording'), video: storedUploadSchema }),
  z.object({ kind: z.literal('audio'), audio: storedUploadSchema }),
  z.object({ kind: z.literal('photos'), photos: z.array(storedUploadSchema).min(1).max(10) }),
  /**
   * Click capture from the browser extension: the checked event list (JSON, stored like an
   * upload) and the screenshots in index order, each checked against the sizes the events give.
   */
  z.object({ kind: z.literal('capture'), events: storedUploadSchema, screenshots: z.array(storedUploadSchema).max(CAPTURE_MAX_SCREENSHOTS) }),
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
    /**
     * Automatic redaction: sensitive values blurred in the step images (OCR boxes, the image
     * edited through media) and masked in the transcript and step text. Jobs queued before the
     * field existed run with it on.
     */
    redact: z.boolean().default(true),
    /** The member who asked for it (the SOP's owner person); the workspace is `ownerId`. */
    requestedBy: z.string().uuid().optional(),
  }),
);

/**
 * A generation's credit is held under a key naming its job, so billing can tell what became of
 * a hold nobody settled (the job still running, finished, or gone) before it gives the credit back.
 */
export const generationReservationKey = (jobId: string): string => `generation:${jobId}`;
export const generationJobIdOfReservation = (key: string): string | undefined => (key.startsWith('generation:') ? key.slice('generation:'.length) : undefined);

export const generationResultSchema = z.object({ sopId: z.string().uuid() });
export type GenerationResult = z.infer<typeof generationResultSchema>;
