module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'system',
  // The global setup loads the built stack as it is, so its import() of ESM packages stays native.
  transformIgnorePatterns: ['/tools/stack/dist/'],
  globalSetup: '<rootDir>/src/setup/global-setup.ts',
  globalTeardown: '<rootDir>/src/setup/global-teardown.ts',
  // Argon2 hashing, a real browser and a real stack: seconds, not milliseconds.
  testTimeout: 60_000,
};
