import { z } from 'zod';
import { messages } from '../errors';
import { ownImageUrlPattern } from './media';

export const sourceTypes = ['text', 'video'] as const;
export const sourceTypeSchema = z.enum(sourceTypes);
export type SourceType = z.infer<typeof sourceTypeSchema>;

/** Where an SOP really came from. `sourceType` only says text or video, as the spec shows it. */
export const sopOrigins = ['text', 'screen-recording', 'audio', 'photos', 'video', 'template', 'capture'] as const;
export const sopOriginSchema = z.enum(sopOrigins);
export type SopOrigin = z.infer<typeof sopOriginSchema>;

export const stepSchema = z.object({
  title: z.string({ error: messages.stepTitleRequired }).trim().min(1, messages.stepTitleRequired).max(300, 'Step titles must be at most 300 characters'),
  details: z.string().max(20_000, 'Step details must be at most 20,000 characters').default(''),
  imageUrls: z.array(z.string().regex(ownImageUrlPattern, messages.foreignImage)).max(20, 'A step can have at most 20 images').optional(),
});
export type Step = z.infer<typeof stepSchema>;

/** Which structurer drafted a generated SOP; `offline` marks the embedded keyless one, whose draft needs review. */
export const generatedBySchema = z.object({ structurer: z.string().max(100), offline: z.boolean() });
export type GeneratedBy = z.infer<typeof generatedBySchema>;

/** An SOP as the API returns it. `stepsJson` is the spec's string form of `steps`. */
export const sopSchema = z.object({
  id: z.string().uuid(),
  title: z.string(),
  sourceType: sourceTypeSchema,
  origin: sopOriginSchema,
  steps: z.array(stepSchema),
  stepsJson: z.string(),
  transcript: z.string().nullable().optional(),
  /** Set on generated SOPs; null for ones written by hand or from templates. */
  generatedBy: generatedBySchema.nullable().optional(),
  version: z.number().int().positive(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Sop = z.infer<typeof sopSchema>;

/** What the SOP library shows of an SOP: no steps, no transcript, so a list of hundreds stays small. */
export const sopSummarySchema = sopSchema.pick({ id: true, title: true, sourceType: true, origin: true, generatedBy: true, version: true, createdAt: true, updatedAt: true }).extend({
  stepCount: z.number().int().nonnegative(),
  /** The first step's title, previewed on the card; null for an SOP without steps. */
  firstStepTitle: z.string().nullable(),
  /** Review status (issue 17): draft, in review or approved. */
  status: z.enum(['draft', 'in_review', 'approved']).default('draft'),
  /** When it is due for review again (approval plus its review interval); past it, it is overdue. Null without an interval. */
  nextReviewAt: z.string().nullable().default(null),
});
export type SopSummary = z.infer<typeof sopSummarySchema>;

import { SOP_PAGE_MAX } from '../constants';
export { SOP_PAGE_MAX };

/** `GET /api/sop?limit=&cursor=`: a page of summaries, newest first. Without them the spec's full list answers. */
export const sopPageQuerySchema = z.object({
  limit: z.coerce.number({ error: `limit must be a whole number from 1 to ${SOP_PAGE_MAX}` }).int(`limit must be a whole number from 1 to ${SOP_PAGE_MAX}`).min(1, `limit must be a whole number from 1 to ${SOP_PAGE_MAX}`).max(SOP_PAGE_MAX, `limit must be a whole number from 1 to ${SOP_PAGE_MAX}`),
  cursor: z.string().max(200).optional(),
});
export type SopPageQuery = z.infer<typeof sopPageQuerySchema>;

export const sopPageSchema = z.object({
  items: z.array(sopSummarySchema),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
});
export type SopPage = z.infer<typeof sopPageSchema>;

/** A saved earlier state of an SOP. Every save and restore keeps the state it replaces. */
export const sopVersionSummarySchema = z.object({
  id: z.string().uuid(),
  version: z.number().int().positive(),
  title: z.string(),
  stepCount: z.number().int().nonnegative(),
  savedAt: z.string(),
});
export type SopVersionSummary = z.infer<typeof sopVersionSummarySchema>;

export const sopVersionSchema = sopVersionSummarySchema.extend({ steps: z.array(stepSchema) });
export type SopVersion = z.infer<typeof sopVersionSchema>;

export const updateSopRequestSchema = z.object({
  title: z.string({ error: messages.sopTitleEmpty }).trim().min(1, messages.sopTitleEmpty).max(300),
  steps: z.array(stepSchema).max(200, 'An SOP can have at most 200 steps'),
});
export type UpdateSopRequest = z.infer<typeof updateSopRequestSchema>;

export const redactFieldMessage = 'redact must be true or false';
/**
 * The `redact` field of a generation request (see `redactField`): JSON true/false, or the
 * text "true"/"false" of a form field; left out, redaction is on.
 */
export const redactFieldSchema = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: redactFieldMessage })
  .optional()
  .transform((value) => value !== false && value !== 'false');

const bothRequired = 'Please provide both title and text';
export const createFromTextRequestSchema = z.object({
  title: z.string({ error: bothRequired }).trim().min(1, bothRequired).max(300, 'Titles must be at most 300 characters'),
  text: z.string({ error: bothRequired }).trim().min(1, bothRequired).max(100_000, 'Notes must be at most 100,000 characters'),
  redact: redactFieldSchema,
});
/** What a client sends (`redact` may be left out). */
export type CreateFromTextRequest = z.input<typeof createFromTextRequestSchema>;

export const uploadImageResponseSchema = z.object({ imageUrl: z.string() });
export type UploadImageResponse = z.infer<typeof uploadImageResponseSchema>;

export const exportFormats = ['pdf', 'docx', 'markdown', 'html'] as const;
export const exportFormatSchema = z.enum(exportFormats);
export type ExportFormat = z.infer<typeof exportFormatSchema>;
