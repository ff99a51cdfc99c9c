module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'shell',
  // The preset's `module-sync` condition picks react-router's .mjs build, which jest on Node 20
  // cannot require; the shell needs no ESM-only package, so it resolves the CommonJS builds.
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons'] },
};
