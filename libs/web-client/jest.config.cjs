module.exports = { ...require('../../jest.preset.cjs'), displayName: 'web-client' };
