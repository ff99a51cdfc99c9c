import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startObjectStorage } from './object-storage';
import { freePort, waitFor } from './ports';
import { startPostgres } from './postgres';
import { startRedis } from './redis';
import { runToCompletion, startServiceProcess } from './service-process';
import { supervise, type ProcessRun, type Supervised } from './supervisor';

export const repoRoot = resolve(__dirname, '../../..');

export interface StackOptions {
  /** Where Postgres, Redis and object storage keep their data. */
  dataDir: string;
  port: number;
  postgresPort: number;
  redisPort: number;
  objectStoragePort: number;
  log?: (line: string) => void;
  /** Copies of each service to run (default one each). The gateway is one: it owns the port. */
  replicas?: Partial<Record<'auth' | 'sop' | 'media' | 'billing' | 'export' | 'generation', number>>;
  /** Called when a process of the stack dies; the stack restarts it. */
  onProcessExit?: (name: string) => void;
  /** More environment for every service (on top of this process's own), e.g. where traces go. */
  env?: NodeJS.ProcessEnv;
}

export interface RunningStack {
  url: string;
  env: NodeJS.ProcessEnv;
  /**
   * Where each service process serves Prometheus metrics, by process name (auth, sop-1,
   * generation-2, gateway…): `http://127.0.0.1:<port>/metrics`, the services' HEALTH_PORT
   * (beside /health/live and /health/ready) and the gateway's METRICS_PORT.
   */
  metrics: ReadonlyMap<string, string>;
  /** Every process the stack keeps running, by name: postgres, redis, auth, generation-1… */
  processes: ReadonlyMap<string, Supervised>;
  stop(): Promise<void>;
}

/** Services in start order. Each owns a Postgres schema it migrates before starting. */
const services = [
  { name: 'auth', migrates: true },
  { name: 'sop', migrates: true },
  { name: 'media', migrates: true },
  { name: 'billing', migrates: true },
  { name: 'export', migrates: false },
  { name: 'generation', migrates: false },
  { name: 'gateway', migrates: false },
] as const;

/** A secret generated on first run and kept with the data, so sessions survive a restart. */
async function stackSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? ((line: string) => console.log(line));
  await mkdir(options.dataDir, { recursive: true });
  // As root, Postgres runs as the `postgres` user, which must be able to reach its folder.
  if (process.getuid?.() === 0) await chmod(options.dataDir, 0o755);
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopOne of stops.reverse()) await stopOne().catch((error: unknown) => log(`stop failed: ${String(error)}`));
    stops.length = 0;
  };

  try {
    const processes = new Map<string, Supervised>();
    const keepRunning = async <R extends ProcessRun>(name: string, start: () => Promise<R>): Promise<R> => {
      const first = await start();
      let firstTaken = false;
      const supervised = await supervise(name, async () => (firstTaken ? start() : ((firstTaken = true), first)), {
        log,
        onExit: () => {
          log(`${name} exited unexpectedly`);
          options.onProcessExit?.(name);
        },
      });
      processes.set(name, supervised);
      stops.push(supervised.stop);
      return first!;
    };
    const postgres = await keepRunning('postgres', () => startPostgres(join(options.dataDir, 'postgres'), options.postgresPort, log));
    const redis = await keepRunning('redis', () => startRedis(join(options.dataDir, 'redis'), options.redisPort, log));
    const storage = await startObjectStorage(join(options.dataDir, 'objects'), options.objectStoragePort, 'sopwright');
    stops.push(storage.stop);

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...options.env,
      NODE_ENV: 'production',
      // Real payments only with a Stripe key; the local stack otherwise says it runs in test mode.
      PAYMENTS_MODE: process.env.PAYMENTS_MODE ?? (process.env.STRIPE_SECRET_KEY ? 'stripe' : 'test'),
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      S3_ENDPOINT: storage.endpoint,
      S3_ACCESS_KEY: storage.accessKey,
      S3_SECRET_KEY: storage.secretKey,
      S3_BUCKET: storage.bucket,
      JWT_SECRET: await stackSecret(options.dataDir),
      PORT: String(options.port),
      WEB_DIR: join(repoRoot, 'dist/web'),
    };

    await Promise.all(
      services
        .filter((service) => service.migrates)
        .map((service) => runToCompletion(`${service.name}:migrate`, join(repoRoot, `services/${service.name}/dist/migrate.js`), env, log)),
    );
    // Each process its own probe port (kept across restarts); the gateway's metrics port is METRICS_PORT.
    const metrics = new Map<string, string>();
    for (const service of services) {
      const copies = service.name === 'gateway' ? 1 : Math.max(1, options.replicas?.[service.name] ?? 1);
      for (let copy = 1; copy <= copies; copy++) {
        const name = copies > 1 ? `${service.name}-${copy}` : service.name;
        const probePort = String(await freePort());
        const own = service.name === 'gateway' ? { METRICS_PORT: probePort } : { HEALTH_PORT: probePort };
        metrics.set(name, `http://127.0.0.1:${probePort}/metrics`);
        await keepRunning(name, async () => startServiceProcess(name, join(repoRoot, `services/${service.name}/dist/main.js`), { ...env, ...own }, log));
      }
    }

    const url = `http://localhost:${options.port}`;
    await waitFor('gateway', async () => {
      const response = await fetch(`${url}/api/health`);
      if (!response.ok) throw new Error(`health answered ${response.status}`);
    });
    return { url, env, metrics, processes, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
