module.exports = {
  ...require('../../jest.preset.cjs'),
  displayName: 'editor',
  // As the shell's: the preset's `module-sync` condition picks react-router's .mjs build (reached
  // through @sopwright/web-client), which jest on Node 20 cannot require; the CommonJS builds do.
  testEnvironmentOptions: { customExportConditions: ['node', 'node-addons'] },
};
