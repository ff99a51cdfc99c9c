import { baseEnvSchema, databaseEnvSchema, healthEnvSchema, imageEnvSchema, loadConfig, objectStorageEnvSchema } from '@sopwright/server-kit';
import type { z } from 'zod';

export const mediaEnvSchema = baseEnvSchema.extend(databaseEnvSchema.shape).extend(healthEnvSchema.shape).extend(objectStorageEnvSchema.shape).extend(imageEnvSchema.shape);
export type MediaConfig = z.output<typeof mediaEnvSchema>;

export const loadMediaConfig = (env: NodeJS.ProcessEnv = process.env): MediaConfig => loadConfig(mediaEnvSchema, env);

export const MEDIA_CONFIG = Symbol('MEDIA_CONFIG');
