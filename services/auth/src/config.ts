import { baseEnvSchema, databaseEnvSchema, healthEnvSchema, loadConfig } from '@sopwright/server-kit';
import { z } from 'zod';

export const authEnvSchema = baseEnvSchema.extend(databaseEnvSchema.shape).extend(healthEnvSchema.shape).extend({
  /** Shared with the gateway, which verifies the tokens this service signs. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  /** Session lifetime in seconds. */
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
});
export type AuthConfig = z.output<typeof authEnvSchema>;

export const loadAuthConfig = (env: NodeJS.ProcessEnv = process.env): AuthConfig => loadConfig(authEnvSchema, env);

export const AUTH_CONFIG = Symbol('AUTH_CONFIG');
