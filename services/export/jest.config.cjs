module.exports = { ...require('../../jest.preset.cjs'), displayName: 'export', testTimeout: 30_000 };
