import { z } from 'zod';
import { exportFormatSchema, sourceTypeSchema } from '../http/sop';
import { defineJob } from './define-job';

/** An image the export embeds, by object-storage key; the worker reads the bytes itself. */
export const exportImageSchema = z.object({
  objectKey: z.string().startsWith('images/'),
  contentType: z.string(),
});
export type ExportImage = z.infer<typeof exportImageSchema>;

/** Everything an export shows, gathered by the gateway from the sop, auth and media services. */
export const exportDocumentSchema = z.object({
  title: z.string(),
  sourceType: sourceTypeSchema,
  createdAt: z.string(),
  companyName: z.string().nullable(),
  companyLogo: exportImageSchema.nullable(),
  steps: z.array(
    z.object({
      title: z.string(),
      details: z.string(),
      images: z.array(exportImageSchema.extend({ url: z.string() })),
    }),
  ),
});
export type ExportDocument = z.infer<typeof exportDocumentSchema>;

export const exportJob = defineJob(
  'exports',
  'render',
  z.object({
    /** The workspace whose images the steps show. */
    ownerId: z.string().uuid(),
    /** Whose branding it carries (a person): the logo is theirs. Absent: the owner's. */
    brandingOwnerId: z.string().uuid().optional(),
    format: exportFormatSchema,
    document: exportDocumentSchema,
    /** Absolute base for image links in Markdown, which cannot embed them. */
    publicUrl: z.string(),
  }),
);

/** A finished export waits in object storage; the gateway streams it and removes it. */
export const exportResultSchema = z.object({
  objectKey: z.string().startsWith('exports/'),
  contentType: z.string(),
  byteSize: z.number().int().nonnegative(),
});
export type ExportResult = z.infer<typeof exportResultSchema>;
