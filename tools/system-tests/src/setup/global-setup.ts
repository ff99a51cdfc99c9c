import { freePort, startStack, type RunningStack } from '@sopwright/stack';
import { appendFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOtlpReceiver } from '../support/otlp-receiver';

declare global {
  var __sopwrightStack: RunningStack | undefined;
  var __sopwrightOtlp: { close: () => Promise<void> } | undefined;
}

/** One real stack (Postgres, Redis, object storage, every service) on free ports for the run. */
export default async function globalSetup(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sopwright-test-'));
  // Service logs go to a file, quoted on failure, so the test output stays readable.
  const logFile = join(tmpdir(), `sopwright-test-${Date.now()}.log`);
  const log = (line: string) => appendFileSync(logFile, `${line}\n`);
  // A dead worker's job passes to another after this; short, so the failover test need not wait a minute.
  process.env.GENERATION_LOCK_MS = '10000';
  // Every test signs up from 127.0.0.1; the fault suite checks the limits on a stack of its own.
  process.env.AUTH_ATTEMPTS_PER_ADDRESS = '1000000';
  process.env.AUTH_SIGN_UPS_PER_ADDRESS = '1000000';
  // Tracing on, as an operator with a collector would run it: every test's requests are traced.
  const otlp = await startOtlpReceiver();
  globalThis.__sopwrightOtlp = otlp;
  process.env.SOPWRIGHT_TEST_OTLP = otlp.url;
  const stack = await startStack({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '200' },
    dataDir,
    port: await freePort(),
    postgresPort: await freePort(),
    redisPort: await freePort(),
    objectStoragePort: await freePort(),
    // Two replicas of every service and two generation workers, as in production.
    replicas: { auth: 2, sop: 2, media: 2, billing: 2, generation: 2 },
    log,
    onProcessExit: (name) => console.error(`\n${name} exited during the tests and was restarted; service logs: ${logFile}`),
  }).catch((error: unknown) => {
    console.error(`The test stack did not start; service logs: ${logFile}`);
    throw error;
  });
  globalThis.__sopwrightStack = stack;
  process.env.SOPWRIGHT_TEST_URL = stack.url;
  process.env.SOPWRIGHT_TEST_DATABASE_URL = stack.env.DATABASE_URL;
  process.env.SOPWRIGHT_TEST_REDIS_URL = stack.env.REDIS_URL;
  process.env.SOPWRIGHT_TEST_DATA_DIR = dataDir;
  // Where each process serves /metrics, by process name (gateway, auth-1, generation-2…).
  process.env.SOPWRIGHT_TEST_METRICS = JSON.stringify(Object.fromEntries(stack.metrics));
  // What a service of this stack is started with, for tests that start one more worker.
  process.env.SOPWRIGHT_TEST_SERVICE_ENV = JSON.stringify(stack.env);
}
