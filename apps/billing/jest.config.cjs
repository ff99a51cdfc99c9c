module.exports = { ...require('../../jest.preset.cjs'), displayName: 'billing-web' };
