// Jest global setup for service specs that need a real Redis (a service reading a BullMQ
// queue): Debian's redis-server on a free port in a temporary folder, its URL in
// SOPWRIGHT_SPEC_REDIS_URL. Used with the Postgres setup through stores.global-setup.cjs.
const { mkdtemp } = require('node:fs/promises');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { freePort, startRedis } = require('../dist/index.js');

module.exports = async function startSpecRedis() {
  const dir = await mkdtemp(join(tmpdir(), 'sopwright-spec-redis-'));
  const redis = await startRedis(dir, await freePort(), (line) => process.stderr.write(`${line}\n`));
  process.env.SOPWRIGHT_SPEC_REDIS_URL = redis.url;
  globalThis.__sopwrightSpecRedis = { redis, dir };
};
