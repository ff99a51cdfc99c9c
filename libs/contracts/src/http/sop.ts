import { z } from 'zod';
import { messages } from '../errors';

export const sourceTypes = ['text', 'video'] as const;
export const sourceTypeSchema = z.enum(sourceTypes);
export type SourceType = z.infer<typeof sourceTypeSchema>;

export const stepSchema = z.object({
  title: z.string().trim().max(300),
  details: z.string().max(20_000),
  imageUrls: z.array(z.string()).max(20).optional(),
});
export type Step = z.infer<typeof stepSchema>;

/** An SOP as the API returns it. `stepsJson` is the spec's string form of `steps`. */
export const sopSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  sourceType: sourceTypeSchema,
  steps: z.array(stepSchema),
  stepsJson: z.string(),
  transcript: z.string().nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sop = z.infer<typeof sopSchema>;

export const updateSopRequestSchema = z.object({
  title: z.string({ error: messages.sopTitleEmpty }).trim().min(1, messages.sopTitleEmpty).max(300),
  steps: z.array(stepSchema).max(200),
});
export type UpdateSopRequest = z.infer<typeof updateSopRequestSchema>;

export const createFromTextRequestSchema = z.object({
  title: z.string().trim().min(1, 'Please provide both title and text').max(300),
  text: z.string().trim().min(1, 'Please provide both title and text').max(100_000),
});
export type CreateFromTextRequest = z.infer<typeof createFromTextRequestSchema>;

export const uploadImageResponseSchema = z.object({ imageUrl: z.string() });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

export const exportFormats = ['pdf', 'docx', 'markdown', 'html'] as const;
export const exportFormatSchema = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof exportFormatSchema>;
