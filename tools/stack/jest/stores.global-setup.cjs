// Real Postgres and Redis for specs that need both (see the two setups).
const startSpecPostgres = require('./postgres.global-setup.cjs');
const startSpecRedis = require('./redis.global-setup.cjs');

module.exports = async function startSpecStores() {
  await Promise.all([startSpecPostgres(), startSpecRedis()]);
};
