import { baseEnvSchema, healthEnvSchema, loadConfig, objectStorageEnvSchema } from '@sopwright/server-kit';
import { z } from 'zod';

export const exportEnvSchema = baseEnvSchema
  .extend(healthEnvSchema.shape)
  .extend(objectStorageEnvSchema.shape)
  .extend({
    /** Exports one worker renders at once; also the number of warm browser pages. */
    EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
    /** Longest a single render may take before the job fails. */
    EXPORT_RENDER_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
    CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
    /**
     * Megabytes of image bytes one worker keeps in memory between exports, by object key, so
     * an SOP exported again does not read its images from object storage again (least
     * recently used dropped first). 0 turns the cache off.
     */
    EXPORT_IMAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  });
export type ExportConfig = z.output<typeof exportEnvSchema>;

export const loadExportConfig = (env: NodeJS.ProcessEnv = process.env): ExportConfig => loadConfig(exportEnvSchema, env);
