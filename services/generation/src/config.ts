import { baseEnvSchema, healthEnvSchema, loadConfig } from '@sopwright/server-kit';
import { z } from 'zod';

export const generationEnvSchema = baseEnvSchema.extend(healthEnvSchema.shape).extend({
  /** Generations one worker runs at once. Scale out with more workers rather than this. */
  GENERATION_CONCURRENCY: z.coerce.number().int().min(1).max(8).default(1),
});
export type GenerationConfig = z.output<typeof generationEnvSchema>;

export const loadGenerationConfig = (env: NodeJS.ProcessEnv = process.env): GenerationConfig => loadConfig(generationEnvSchema, env);
