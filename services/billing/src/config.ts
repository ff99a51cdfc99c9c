import { baseEnvSchema, databaseEnvSchema, healthEnvSchema, loadConfig } from '@sopwright/server-kit';
import type { z } from 'zod';

export const billingEnvSchema = baseEnvSchema.extend(databaseEnvSchema.shape).extend(healthEnvSchema.shape);
export type BillingConfig = z.output<typeof billingEnvSchema>;

export const loadBillingConfig = (env: NodeJS.ProcessEnv = process.env): BillingConfig => loadConfig(billingEnvSchema, env);
