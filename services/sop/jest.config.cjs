module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'sop',
  // The SOP store's specs run against a real Postgres (tools/stack starts one for the run).
  globalSetup: require.resolve('../../tools/stack/jest/postgres.global-setup.cjs'),
  globalTeardown: require.resolve('../../tools/stack/jest/postgres.global-teardown.cjs'),
  transformIgnorePatterns: ['/tools/stack/dist/'],
};
