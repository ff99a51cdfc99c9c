// `npm run observe`: a local Prometheus scraping the stack `npm start` runs (its targets are in
// .data/prometheus-targets.json), on http://127.0.0.1:9090 (OBSERVE_PORT), data in .data/prometheus.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './prerequisites.mjs';

const dataDir = process.env.SOPWRIGHT_DATA_DIR ?? join(repoRoot, '.data');
const targets = join(dataDir, 'prometheus-targets.json');

async function main() {
  if (!existsSync(join(repoRoot, 'tools/stack/dist/index.js'))) throw new Error('Build first: npm start builds everything (or npx nx run @sopwright/stack:build).');
  if (!existsSync(targets)) throw new Error(`${targets} is missing: start the stack first with npm start (it writes the targets when it is ready).`);
  const { startPrometheus } = createRequire(import.meta.url)(join(repoRoot, 'tools/stack/dist/index.js'));
  const prometheus = await startPrometheus(join(dataDir, 'prometheus'), Number(process.env.OBSERVE_PORT ?? 9090), targets, (line) => console.error(line));
  console.log(`Prometheus is scraping the stack on ${prometheus.url}  (Ctrl-C to stop)`);
  console.log(`  targets:  ${prometheus.url}/targets`);
  console.log(`  try:      ${prometheus.url}/graph?g0.expr=${encodeURIComponent('sum by (route) (rate(sopwright_http_request_duration_seconds_count[1m]))')}`);
  const stop = async () => {
    await prometheus.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  await prometheus.exited;
  console.error('Prometheus stopped.');
  process.exit(1);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
