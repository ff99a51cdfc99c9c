const { rm } = require('node:fs/promises');

module.exports = async function stopSpecPostgres() {
  const running = globalThis.__sopwrightSpecPostgres;
  if (!running) return;
  await running.postgres.stop();
  await rm(running.dir, { recursive: true, force: true });
};
