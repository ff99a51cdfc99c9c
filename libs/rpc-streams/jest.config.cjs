// Real Redis and replicas as child processes: seconds on a busy 2-core machine, not jest's 5 s default.
module.exports = { ...require('../../jest.preset.cjs'), displayName: 'rpc-streams', testTimeout: 30_000 };
