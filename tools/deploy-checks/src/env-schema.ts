import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, serviceNames, type ServiceName } from './paths';

export interface EnvVar {
  name: string;
  /** No default and not optional: the service refuses to start without it. */
  required: boolean;
  /** The value the schema falls back to when the variable is unset (JSON), if any. */
  fallback?: unknown;
}

let cache: Record<ServiceName, EnvVar[]> | undefined;

/**
 * The env schemas themselves: each service's `<name>EnvSchema` export of src/config.ts, as
 * built (services/<name>/dist/config.js; nx builds the services before this project's test,
 * see implicitDependencies). They are loaded in a child node process because Node 20 can
 * require() the ESM-only packages server-kit pulls in; jest's module loader cannot.
 * A key is required when the schema rejects `undefined` for it.
 */
export function allServiceEnvVars(): Record<ServiceName, EnvVar[]> {
  if (cache) return cache;
  for (const service of serviceNames) {
    const built = join(repoRoot, 'services', service, 'dist/config.js');
    if (!existsSync(built)) throw new Error(`${built} is missing: build the service first (npx nx run @sopwright/${service}:build)`);
  }
  const script = `
    const out = {};
    for (const service of ${JSON.stringify(serviceNames)}) {
      const exports = require('./services/' + service + '/dist/config.js');
      const schemas = Object.keys(exports).filter((key) => key.endsWith('EnvSchema'));
      if (schemas.length !== 1) throw new Error('services/' + service + '/src/config.ts must export exactly one *EnvSchema, found: ' + schemas.join(', '));
      out[service] = Object.entries(exports[schemas[0]].shape).map(([name, schema]) => {
        const unset = schema.safeParse(undefined);
        return { name, required: !unset.success, fallback: unset.success ? unset.data : undefined };
      });
    }
    process.stdout.write(JSON.stringify(out));`;
  cache = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: repoRoot, encoding: 'utf8' })) as Record<ServiceName, EnvVar[]>;
  return cache;
}

export const serviceEnvVars = (service: ServiceName): EnvVar[] => allServiceEnvVars()[service];

/**
 * What a deployment must set for a service: every required variable, plus every one whose
 * default only makes sense on a developer's machine: a loopback address (DATABASE_URL,
 * REDIS_URL, S3_ENDPOINT, PUBLIC_URL) or the object-storage credentials of the local s3rver.
 */
export function mustSet(envVar: EnvVar): boolean {
  if (envVar.required) return true;
  if (typeof envVar.fallback === 'string' && /\/\/(127\.0\.0\.1|localhost)[:/]/.test(envVar.fallback)) return true;
  return /^S3_(ACCESS|SECRET)_KEY$/.test(envVar.name);
}

/** The BullMQ queue names of the contracts' jobs (libs/contracts defineJob), by export name. */
export function jobQueues(): Record<string, string> {
  const script = `
    const contracts = require('@sopwright/contracts');
    const out = {};
    for (const [name, value] of Object.entries(contracts)) if (name.endsWith('Job') && value && typeof value.queue === 'string') out[name] = value.queue;
    process.stdout.write(JSON.stringify(out));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: repoRoot, encoding: 'utf8' })) as Record<string, string>;
}

export interface EnvCase {
  label: string;
  service: ServiceName;
  env: Record<string, string>;
}

/**
 * Parses each environment with the service's own schema, as `loadConfig` does at start-up:
 * the problems a container would print before exiting (none when it would start).
 */
export function configProblems(cases: EnvCase[]): Record<string, string[]> {
  const script = `
    const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
    const out = {};
    for (const { label, service, env } of cases) {
      const exports = require('./services/' + service + '/dist/config.js');
      const schema = exports[Object.keys(exports).find((key) => key.endsWith('EnvSchema'))];
      const result = schema.safeParse(env);
      out[label] = result.success ? [] : result.error.issues.map((issue) => issue.path.join('.') + ': ' + issue.message);
    }
    process.stdout.write(JSON.stringify(out));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: repoRoot, encoding: 'utf8', input: JSON.stringify(cases) })) as Record<string, string[]>;
}
