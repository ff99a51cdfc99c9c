module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'dashboard',
  // As in the shell: the preset's `module-sync` condition picks react-router's .mjs build (reached
  // through @sopwright/web-client), which jest on Node 20 cannot require; use the CommonJS builds.
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons'] },
};
