module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'billing',
  // The ledger's specs run against a real Postgres, and the sweep reads a real Redis (tools/stack starts both for the run).
  globalSetup: require.resolve('../../tools/stack/jest/stores.global-setup.cjs'),
  globalTeardown: require.resolve('../../tools/stack/jest/stores.global-teardown.cjs'),
  transformIgnorePatterns: ['/tools/stack/dist/'],
};
