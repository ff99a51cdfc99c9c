import { z } from 'zod';

/** Env vars every service reads. Each service extends this with its own. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  // OpenTelemetry's own variables, read by tracing.ts before the config; listed here so a bad value stops the start-up too.
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be the http(s) URL of an OTLP/HTTP receiver' }).optional(),
  OTEL_TRACES_SAMPLER: z.enum(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio']).optional(),
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
});

/** For services that speak no HTTP of their own: where their probe server listens. */
export const healthEnvSchema = z.object({
  HEALTH_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

export const databaseEnvSchema = z.object({
  DATABASE_URL: z.url().default('postgres://sopwright:sopwright@127.0.0.1:5432/sopwright'),
});

/** For whoever receives uploaded images: the decoded-size cap (see checkRasterImage). */
export const imageEnvSchema = z.object({
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(1_000_000).default(50_000_000),
});

export class ConfigError extends Error {}

/**
 * Parses the environment once at start-up, so a misconfigured process stops immediately
 * with every problem listed instead of failing later on first use.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  - ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
}
