import { baseEnvSchema, databaseEnvSchema, healthEnvSchema, loadConfig } from '@sopwright/server-kit';
import type { z } from 'zod';

export const sopEnvSchema = baseEnvSchema.extend(databaseEnvSchema.shape).extend(healthEnvSchema.shape);
export type SopConfig = z.output<typeof sopEnvSchema>;

export const loadSopConfig = (env: NodeJS.ProcessEnv = process.env): SopConfig => loadConfig(sopEnvSchema, env);
