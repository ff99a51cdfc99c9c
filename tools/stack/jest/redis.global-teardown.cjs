const { rm } = require('node:fs/promises');

module.exports = async function stopSpecRedis() {
  const running = globalThis.__sopwrightSpecRedis;
  if (!running) return;
  await running.redis.stop();
  await rm(running.dir, { recursive: true, force: true });
};
