import { baseEnvSchema, imageEnvSchema, loadConfig, objectStorageEnvSchema } from '@sopwright/server-kit';
import { z } from 'zod';

export type RemoteName = 'dashboard' | 'editor' | 'templates' | 'billing';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

export const gatewayEnvSchema = baseEnvSchema.extend(objectStorageEnvSchema.shape).extend(imageEnvSchema.shape).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Where Prometheus scrapes the gateway's /metrics: a port of its own, since PORT is public. 0: no metrics server. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /** Verifies the session tokens the auth service signs. */
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters'),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
  /** Mark the session cookie Secure (set it behind HTTPS). */
  COOKIE_SECURE: booleanFlag.default(false),
  /** Built web apps (shell/ and remotes/<name>/). Unset in a cluster, where nginx serves them. */
  WEB_DIR: z.string().optional(),
  /** Where the shell finds each remote at run time; change without rebuilding the shell. */
  REMOTE_DASHBOARD_URL: z.string().default('/remotes/dashboard/remoteEntry.js'),
  REMOTE_EDITOR_URL: z.string().default('/remotes/editor/remoteEntry.js'),
  REMOTE_TEMPLATES_URL: z.string().default('/remotes/templates/remoteEntry.js'),
  REMOTE_BILLING_URL: z.string().default('/remotes/billing/remoteEntry.js'),
  /** Public address of the app, for absolute links in exports (Markdown image links). */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** How long an export may wait for a worker and render before the request fails. */
  EXPORT_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** How long a generation request waits for its SOP before it answers 504 (the job still finishes; GET /api/jobs/:id follows it). Long: a 100MB video takes minutes. */
  GENERATION_TIMEOUT_MS: z.coerce.number().int().positive().default(900_000),
  /** How long the gateway waits for a service's answer. */
  RPC_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** Logins and sign-ups one address may attempt in 15 minutes. */
  AUTH_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  /** Mail server for invitation emails (smtp:// or smtps://, credentials in the URL). Unset: the link is shown to copy only. */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://').optional(),
  /** The sender of invitation emails. */
  MAIL_FROM: z.string().default('Sopwright <no-reply@localhost>'),
  /** Accounts one address may create in an hour. */
  AUTH_SIGN_UPS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  /** Wrong passwords for one account from one address in 15 minutes (ten times that from anywhere in an hour). */
  AUTH_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
});
export type GatewayConfig = z.output<typeof gatewayEnvSchema>;

export const loadGatewayConfig = (env: NodeJS.ProcessEnv = process.env): GatewayConfig => loadConfig(gatewayEnvSchema, env);

export function remoteManifest(config: GatewayConfig): Record<RemoteName, string> {
  return {
    dashboard: config.REMOTE_DASHBOARD_URL,
    editor: config.REMOTE_EDITOR_URL,
    templates: config.REMOTE_TEMPLATES_URL,
    billing: config.REMOTE_BILLING_URL,
  };
}

export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
