import { baseEnvSchema, databaseEnvSchema, healthEnvSchema, loadConfig, objectStorageEnvSchema } from '@sopwright/server-kit';
import type { z } from 'zod';

export const mediaEnvSchema = baseEnvSchema.extend(databaseEnvSchema.shape).extend(healthEnvSchema.shape).extend(objectStorageEnvSchema.shape);
export type MediaConfig = z.output<typeof mediaEnvSchema>;

export const loadMediaConfig = (env: NodeJS.ProcessEnv = process.env): MediaConfig => loadConfig(mediaEnvSchema, env);
