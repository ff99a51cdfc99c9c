// `npm start`: install what is missing, build, and run the whole stack on embedded defaults.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensurePrerequisites, stackNeeds, nx, repoRoot } from './prerequisites.mjs';

const env = process.env;
const port = (name, fallback) => Number(env[name] ?? fallback);

async function main() {
  ensurePrerequisites({ needs: stackNeeds });
  // --skip-build: run what is already built (the system tests use it after their own build).
  if (!process.argv.includes('--skip-build')) nx(['run-many', '-t', 'build', '--output-style=static']);

  let stack;
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping Sopwright…');
    await stack?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  const dataDir = env.SOPWRIGHT_DATA_DIR ?? join(repoRoot, '.data');
  const { startStack, writeScrapeTargets } = createRequire(import.meta.url)(join(repoRoot, 'tools/stack/dist/index.js'));
  stack = await startStack({
    dataDir,
    port: port('PORT', 8080),
    postgresPort: port('SOPWRIGHT_POSTGRES_PORT', 54329),
    redisPort: port('SOPWRIGHT_REDIS_PORT', 63790),
    objectStoragePort: port('SOPWRIGHT_S3_PORT', 9000),
    // Two replicas of every service share its requests (and two generation workers the queue), proving they scale out.
    replicas: {
      ...Object.fromEntries(['auth', 'sop', 'media', 'billing'].map((name) => [name, Number(env.SOPWRIGHT_SERVICE_REPLICAS ?? 2)])),
      generation: Number(env.SOPWRIGHT_GENERATION_WORKERS ?? 2),
      export: Number(env.SOPWRIGHT_EXPORT_WORKERS ?? 1),
    },
    // A process that dies is restarted with backoff (the supervisor logs it); the stack keeps serving.
    onProcessExit: (name) => console.error(`${name} exited unexpectedly; restarting it.`),
  });
  console.log(`\nSopwright is ready on ${stack.url}  (Ctrl-C to stop)\n`);
  // Each process's Prometheus metrics, on ports picked at start (the services' HEALTH_PORT, the gateway's METRICS_PORT).
  console.log('Metrics (Prometheus) of each process:');
  for (const [name, url] of stack.metrics) console.log(`  ${name.padEnd(14)}${url}`);
  // For `npm run observe`: a local Prometheus reads its targets from this file.
  await writeScrapeTargets(join(dataDir, 'prometheus-targets.json'), stack.metrics);
  console.log('A local Prometheus scraping them all: npm run observe (in another terminal)\n');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
