import { freePort, startStack, type RunningStack } from '@sopwright/stack';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

declare global {
  var __sopwrightStack: RunningStack | undefined;
}

/** One real stack (Postgres, Redis, object storage, every service) on free ports for the run. */
export default async function globalSetup(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sopwright-test-'));
  const lines: string[] = [];
  const stack = await startStack({
    dataDir,
    port: await freePort(),
    postgresPort: await freePort(),
    redisPort: await freePort(),
    objectStoragePort: await freePort(),
    // Quiet unless something breaks: service logs are printed if start-up fails.
    log: (line) => lines.push(line),
  }).catch((error: unknown) => {
    console.error(lines.join('\n'));
    throw error;
  });
  globalThis.__sopwrightStack = stack;
  process.env.SOPWRIGHT_TEST_URL = stack.url;
  process.env.SOPWRIGHT_TEST_DATABASE_URL = stack.env.DATABASE_URL;
  process.env.SOPWRIGHT_TEST_REDIS_URL = stack.env.REDIS_URL;
  process.env.SOPWRIGHT_TEST_DATA_DIR = dataDir;
}
