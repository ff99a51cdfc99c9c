const stopSpecPostgres = require('./postgres.global-teardown.cjs');
const stopSpecRedis = require('./redis.global-teardown.cjs');

module.exports = async function stopSpecStores() {
  await Promise.all([stopSpecPostgres(), stopSpecRedis()]);
};
